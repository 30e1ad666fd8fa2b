import Foundation
import KioskReaders

/// Collects what a reader presents, with the time each presentation reached the async side.
actor PresentationLog {
    private(set) var presentations: [CardPresentation] = []
    private(set) var arrivals: [Date] = []

    func add(_ presentation: CardPresentation) {
        presentations.append(presentation)
        arrivals.append(Date())
    }

    /// Waits until `count` presentations arrived, or `timeout` seconds passed.
    func wait(for count: Int, timeout: Double = 30) async -> [CardPresentation] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while presentations.count < count, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return presentations
    }
}
