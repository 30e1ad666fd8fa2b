import KioskCore

/// The batches a sync pass has pushed and not yet settled, oldest first, each with its push under way.
struct BatchesAtHub {
    let client: HubClient
    private var pushes: [(batch: PendingBatch, answer: Task<PushAnswer, Never>)] = []

    init(client: HubClient) {
        self.client = client
    }

    var count: Int { pushes.count }

    /// Starts pushing `batch`.
    mutating func push(_ batch: PendingBatch) {
        let client = self.client
        pushes.append((batch, Task { await client.push(encoded: batch.body) }))
    }

    /// The oldest batch and the hub's answer for it, once it came; nil when none is at the hub. Cancelling the
    /// waiting task cancels that push (its answer then says the hub was not reached).
    mutating func oldestAnswered() async -> (PendingBatch, PushAnswer)? {
        guard !pushes.isEmpty else { return nil }
        let (batch, answer) = pushes.removeFirst()
        return (
            batch,
            await withTaskCancellationHandler {
                await answer.value
            } onCancel: {
                answer.cancel()
            }
        )
    }

    /// The answers for the batches still at the hub, once they came, none of them settled: their events stay
    /// pending (what the hub stored of them is answered `duplicate` next time).
    mutating func unsettledAnswers() async -> [PushAnswer] {
        var answers: [PushAnswer] = []
        while let (_, answer) = await oldestAnswered() { answers.append(answer) }
        return answers
    }

    /// Stops waiting for the batches still at the hub, once their pushes have ended: their events stay pending.
    mutating func abandon() async {
        for push in pushes { push.answer.cancel() }
        for push in pushes { _ = await push.answer.value }
        pushes.removeAll()
    }
}
