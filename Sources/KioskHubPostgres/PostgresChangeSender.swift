/// Sends this process's announcements to the other hub processes (`NOTIFY`) off the path of whoever announced: a push
/// is answered without waiting for it (PostgreSQL commits every `NOTIFY` of the cluster one at a time). What is
/// announced while a send is under way goes in the next one, each distinct announcement once, in order.
actor PostgresChangeSender {
    private var pending: [String] = []
    private var sending: Task<Void, Never>?

    /// Sends `payload` through `storage` soon.
    func enqueue(_ payload: String, through storage: PostgresHubStorage) {
        if !pending.contains(payload) { pending.append(payload) }
        guard sending == nil else { return }
        sending = Task { await self.drain(through: storage) }
    }

    /// Returns once everything enqueued so far was sent, or failed to be.
    func flush() async {
        while let task = sending { await task.value }
    }

    private func drain(through storage: PostgresHubStorage) async {
        while !pending.isEmpty {
            let payloads = pending
            pending = []
            await storage.notify(payloads)
        }
        sending = nil
    }
}
