/// Why a Merkle tree cannot answer: a size, index or range outside the tree, or a node it does not hold.
public struct MerkleError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Reason: Equatable {
        case sizeOutOfRange(Int64)
        case indexOutOfRange(index: Int64, size: Int64)
        case sizesOutOfOrder(old: Int64, new: Int64)
        case missingNode(level: Int, index: Int64)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func sizeOutOfRange(_ size: Int64) -> MerkleError { .init(.sizeOutOfRange(size)) }
    static func indexOutOfRange(_ index: Int64, size: Int64) -> MerkleError { .init(.indexOutOfRange(index: index, size: size)) }
    static func sizesOutOfOrder(old: Int64, new: Int64) -> MerkleError { .init(.sizesOutOfOrder(old: old, new: new)) }
    static func missingNode(level: Int, index: Int64) -> MerkleError { .init(.missingNode(level: level, index: index)) }

    public var description: String {
        switch reason {
        case .sizeOutOfRange(let size): "tree size \(size) is outside 0...\(Int64.max)"
        case .indexOutOfRange(let index, let size): "leaf index \(index) is not in a tree of size \(size)"
        case .sizesOutOfOrder(let old, let new): "tree sizes \(old) and \(new) are not 0 <= old <= new"
        case .missingNode(let level, let index): "no complete subtree at level \(level), index \(index)"
        }
    }
}
