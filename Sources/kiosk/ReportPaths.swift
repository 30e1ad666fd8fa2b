import Synchronization

/// The report files the demo wrote, handed from its finale to the command.
final class ReportPaths: Sendable {
    private let paths = Mutex<[String]>([])

    func set(_ written: [String]) { paths.withLock { $0 = written } }

    func get() -> [String] { paths.withLock { $0 } }
}
