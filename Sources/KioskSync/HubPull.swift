import Foundation
import KioskCore
import KioskJournal
import KioskWire
import Logging

/// Brings the hub's roster and leave passes (when their ETag changed) and other gates' new events into the journal, so a student
/// who left by one gate is judged IN at the other; and when the hub lost events of this kiosk it had acknowledged (restored
/// from an older copy), makes them pending again, so this pass pushes them again.
struct HubPull {
    let journal: Journal
    let client: HubClient
    let pageSize: Int
    let clock: WallClock
    let logger: Logger

    /// Pulls everything new; nil when done, else why it stopped.
    func run() async throws(KioskError) -> SyncPassOutcome? {
        switch await client.holding() {
        case .value(let holding):
            let again = try await journal.pushAgainWhatTheHubLost(heldThroughSeq: holding.heldThroughSeq, hubHighestSeq: holding.highestSeq)
            try await journal.pullAgain(from: holding.feedCursor)
            if again > 0 {
                logger.warning(
                    "the hub holds this kiosk's events only through seq \(holding.heldThroughSeq) (restored from an older copy?); \(again) pushed again",
                    metadata: ["sync.held_through_seq": "\(holding.heldThroughSeq)", "sync.pushed_again": "\(again)"]
                )
            }
        case .tokenRejected(let status): return .tokenRejected(status: status)
        // A hub that cannot say (one older than the refill) still takes pushes: the roster's pull says if it is down.
        case .unchanged, .unavailable: break
        }
        let state = try await journal.pullState()
        switch await client.roster(ifNoneMatch: state.rosterETag) {
        case .value(let (roster, etag)):
            var missingPhotos: [String] = []
            try await erase(namedIn: roster) { () throws(KioskError) in
                missingPhotos = try await journal.applyHubRoster(
                    roster.entries,
                    passes: roster.leavePasses,
                    photos: roster.photoDigests,
                    propertyName: roster.propertyName,
                    etag: etag
                )
            }
            try await fetchPhotos(missingPhotos)
        case .unchanged: try await finishErasures()
        case .tokenRejected(let status): return .tokenRejected(status: status)
        case .unavailable(let reason, let retryAfter): return .unavailable(reason: reason, retryAfter: retryAfter)
        }
        var cursor = state.cursor
        while true {
            switch await client.events(after: cursor, limit: pageSize) {
            case .value(let page):
                // An event the hub should never have sent (invalid) is skipped: the kiosk judges only what it can trust.
                let records = page.events.compactMap { try? $0.record().get() }
                _ = try await journal.insertPulled(records, cursor: page.nextCursor, at: clock.now())
                try await journal.keepPulledCorrections(
                    page.events.compactMap { event in
                        event.correctedAt.flatMap(WireTime.parse).map { ReadCorrection(eventID: EventID(rawValue: event.id), correctedAt: $0) }
                    }
                )
                guard page.events.count == pageSize, page.nextCursor > cursor else { return nil }
                cursor = page.nextCursor
            case .unchanged: return nil
            case .tokenRejected(let status): return .tokenRejected(status: status)
            case .unavailable(let reason, let retryAfter): return .unavailable(reason: reason, retryAfter: retryAfter)
            }
        }
    }

    /// Fetches the photos the roster names that the journal lacks; one that cannot be fetched or is not a photo is
    /// logged, and the roster is pulled whole again at the next pass.
    private func fetchPhotos(_ students: [String]) async throws(KioskError) {
        var missed = 0
        for student in students {
            switch await client.photo(of: student) {
            case .value(let photo): try await journal.setPhoto(photo, of: student)
            case .unchanged, .tokenRejected: missed += 1
            case .unavailable(let reason, _):
                missed += 1
                logger.warning("the photo of \(student) could not be fetched: \(reason)", metadata: ["student.id": "\(student)"])
            }
        }
        if missed > 0 { try await journal.forgetRosterETag() }
    }
}
