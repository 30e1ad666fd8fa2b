import Testing

@testable import KioskSync

/// Each wait is an hour unless something ends it, so a test that returns proves what ended it (the time limit
/// only stops a broken run).
@Suite(.timeLimit(.minutes(1))) struct WakeSignalTests {
    @Test func aSignalGivenBeforeTheWaitEndsItAtOnce() async {
        let signal = WakeSignal()
        signal.signal()
        await signal.wait(upTo: .seconds(3600))
    }

    @Test func aSignalDuringTheWaitEndsIt() async {
        let signal = WakeSignal()
        async let waited: Void = signal.wait(upTo: .seconds(3600))
        try? await Task.sleep(for: .milliseconds(100))
        signal.signal()
        await waited
    }

    @Test func withoutASignalTheWaitLastsItsTimeoutAndOneSignalWakesOnlyOnce() async {
        let signal = WakeSignal()
        signal.signal()
        await signal.wait(upTo: .seconds(3600))
        let start = ContinuousClock.now
        await signal.wait(upTo: .milliseconds(300))
        #expect(ContinuousClock.now - start >= .milliseconds(300))
    }

    @Test func cancellingTheWaiterEndsTheWait() async {
        let signal = WakeSignal()
        let waiter = Task { await signal.wait(upTo: .seconds(3600)) }
        try? await Task.sleep(for: .milliseconds(100))
        waiter.cancel()
        await waiter.value
    }
}
