/// Why a proof file is malformed or does not prove what it claims.
public struct ProofError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Reason: Equatable {
        case malformed(line: Int, what: String)
        case checkpoint(NoteError)
        case leaf(LeafError)
        case notKioskLog(origin: String)
        case indexBeyondSize(index: Int64, size: Int64)
        case leafOfOtherKiosk(leafKiosk: String, originKiosk: String)
        case seqNotIndexPlusOne(seq: Int64, index: Int64)
        case eventNotLeaf
        case inclusionFails(index: Int64, size: Int64)
        case originsDiffer(old: String, new: String)
        case sizesOutOfOrder(old: Int64, new: Int64)
        case fork(size: Int64)
        case consistencyFails(old: Int64, new: Int64)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func malformed(line: Int, _ what: String) -> ProofError { .init(.malformed(line: line, what: what)) }
    static func checkpoint(_ error: NoteError) -> ProofError { .init(.checkpoint(error)) }
    static func leaf(_ error: LeafError) -> ProofError { .init(.leaf(error)) }
    static func notKioskLog(origin: String) -> ProofError { .init(.notKioskLog(origin: origin)) }
    static func indexBeyondSize(index: Int64, size: Int64) -> ProofError { .init(.indexBeyondSize(index: index, size: size)) }
    static func leafOfOtherKiosk(leafKiosk: String, originKiosk: String) -> ProofError {
        .init(.leafOfOtherKiosk(leafKiosk: leafKiosk, originKiosk: originKiosk))
    }
    static func seqNotIndexPlusOne(seq: Int64, index: Int64) -> ProofError { .init(.seqNotIndexPlusOne(seq: seq, index: index)) }
    static let eventNotLeaf = ProofError(.eventNotLeaf)
    static func inclusionFails(index: Int64, size: Int64) -> ProofError { .init(.inclusionFails(index: index, size: size)) }
    static func originsDiffer(old: String, new: String) -> ProofError { .init(.originsDiffer(old: old, new: new)) }
    static func sizesOutOfOrder(old: Int64, new: Int64) -> ProofError { .init(.sizesOutOfOrder(old: old, new: new)) }
    static func fork(size: Int64) -> ProofError { .init(.fork(size: size)) }
    static func consistencyFails(old: Int64, new: Int64) -> ProofError { .init(.consistencyFails(old: old, new: new)) }

    public var description: String {
        switch reason {
        case .malformed(let line, let what): "proof line \(line): \(what)"
        case .checkpoint(let error): "checkpoint: \(error)"
        case .leaf(let error): "extra: \(error)"
        case .notKioskLog(let origin): "origin \(origin.quoted) is not kiosk/<kioskId>"
        case .indexBeyondSize(let index, let size): "index \(index) is not below the checkpoint's tree size \(size)"
        case .leafOfOtherKiosk(let leafKiosk, let originKiosk):
            "the leaf is kiosk \(leafKiosk.quoted)'s, the checkpoint kiosk \(originKiosk.quoted)'s"
        case .seqNotIndexPlusOne(let seq, let index): "the leaf's seq \(seq) is not index \(index) + 1"
        case .eventNotLeaf: "the event's leaf bytes are not the proof's extra bytes"
        case .inclusionFails(let index, let size): "the hashes do not lead from leaf \(index) to the root of the tree of size \(size)"
        case .originsDiffer(let old, let new): "the checkpoints' origins \(old.quoted) and \(new.quoted) differ"
        case .sizesOutOfOrder(let old, let new): "the old checkpoint's size \(old) is above the new one's \(new)"
        case .fork(let size): "two different roots at tree size \(size): the log forked"
        case .consistencyFails(let old, let new): "the hashes do not prove that the tree of size \(new) extends the tree of size \(old)"
        }
    }
}
