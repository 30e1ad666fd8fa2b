import Testing

@testable import KioskSync

/// The stop of a pass given the answers for the other batch that was at the hub with the one that stopped it.
@Suite struct SyncStopTests {
    let busy = SyncPassOutcome.unavailable(reason: "the hub answered HTTP 503", retryAfter: nil)

    @Test func theLongestWaitAskedForIsKept() {
        let asked = PushAnswer.unavailable(reason: "the hub answered HTTP 429", retryAfter: .seconds(7))
        #expect(busy.joined(with: [asked]) == .unavailable(reason: "the hub answered HTTP 429", retryAfter: .seconds(7)))
        let shorter = SyncPassOutcome.unavailable(reason: "the hub answered HTTP 429", retryAfter: .seconds(30))
        #expect(shorter.joined(with: [asked, .unavailable(reason: "the hub answered HTTP 500", retryAfter: nil)]) == shorter)
    }

    @Test func aRejectedTokenStopsPushingWhateverElseCame() {
        #expect(busy.joined(with: [.tokenRejected(status: 401), .unavailable(reason: "x", retryAfter: .seconds(9))]) == .tokenRejected(status: 401))
        #expect(SyncPassOutcome.tokenRejected(status: 403).joined(with: [.tokenRejected(status: 401)]) == .tokenRejected(status: 403))
    }

    @Test func answersThatAskNothingLeaveTheStopAsItWas() {
        #expect(
            busy.joined(with: [.results([:]), .tooLarge, .refused(status: 422, reason: "bad"), .unavailable(reason: "reset", retryAfter: nil)])
                == busy
        )
    }
}
