import Testing

@testable import KioskSync

@Suite struct WakeSignalTests {
    @Test func aSignalGivenBeforeTheWaitEndsItAtOnce() async {
        let signal = WakeSignal()
        signal.signal()
        let start = ContinuousClock.now
        await signal.wait(upTo: .seconds(30))
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func aSignalDuringTheWaitEndsIt() async {
        let signal = WakeSignal()
        let start = ContinuousClock.now
        async let waited: Void = signal.wait(upTo: .seconds(30))
        try? await Task.sleep(for: .milliseconds(100))
        signal.signal()
        await waited
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func withoutASignalTheWaitLastsItsTimeoutAndOneSignalWakesOnlyOnce() async {
        let signal = WakeSignal()
        signal.signal()
        await signal.wait(upTo: .seconds(30))
        let start = ContinuousClock.now
        await signal.wait(upTo: .milliseconds(300))
        #expect(ContinuousClock.now - start >= .milliseconds(300))
    }

    @Test func cancellingTheWaiterEndsTheWait() async {
        let signal = WakeSignal()
        let start = ContinuousClock.now
        let waiter = Task { await signal.wait(upTo: .seconds(30)) }
        try? await Task.sleep(for: .milliseconds(100))
        waiter.cancel()
        await waiter.value
        #expect(ContinuousClock.now - start < .seconds(10))
    }
}
