import KioskJournal

/// What `kiosk status` says of the gate's signed log: how far the kiosk signed it, how far the hub witnessed it, and
/// the hub's refusal of the latest checkpoint, if it refused it.
struct GateLogStatus {
    let signedSize: Int64
    let witnessedSize: Int64
    let refusal: LogRefusal?

    init(_ journal: Journal) async throws {
        let witness = try await journal.logWitness()
        signedSize = witness.signedSize
        witnessedSize = witness.witnessedSize
        refusal = witness.refusal
    }

    /// The lines after `log: `: the refusal and what to do, or how far the log is signed and witnessed.
    var lines: [String] {
        if let refusal {
            return [
                "checkpoint of size \(refusal.size) refused by the hub: \(refusal.reason)",
                "  the gate goes on recording; if its key file was replaced, give the hub the new key: `kiosk log key` here, "
                    + "then `kiosk-hub token create --kiosk ID --vkey VKEY` there",
            ]
        }
        if signedSize == 0 { return ["no checkpoint signed yet"] }
        return [
            witnessedSize == signedSize
                ? "witnessed by the hub up to seq \(witnessedSize)"
                : "signed up to seq \(signedSize), witnessed by the hub up to seq \(witnessedSize)"
        ]
    }
}
