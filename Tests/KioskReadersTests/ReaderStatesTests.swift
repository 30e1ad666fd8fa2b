import Foundation
import KioskReaders
import Synchronization
import Testing

@Suite struct ReaderStatesTests {
    /// Readers failing at the same moment from their own threads: what `onChange` was told last is what is current,
    /// so the state file `kiosk status` reads is never left stale.
    @Test func theLastChangeDeliveredIsTheLatestStateEvenWhenReadersChangeTogether() {
        for _ in 0..<100 {
            let last = Mutex<[String: ReaderStates.State]>([:])
            // A callback that takes a moment, as writing the state file does.
            let states = ReaderStates { all in
                usleep(UInt32.random(in: 0...200))
                last.withLock { $0 = all }
            }
            DispatchQueue.concurrentPerform(iterations: 8) { reader in
                states.set("reader-\(reader)", "watching", healthy: true)
                states.set("reader-\(reader)", "unavailable", healthy: false)
            }
            #expect(last.withLock { $0 } == states.current)
            #expect(states.current.values.allSatisfy { !$0.healthy })
        }
    }
}
