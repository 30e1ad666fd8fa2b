import Crypto

/// The RFC 6962 section 2.1 Merkle tree over SHA-256, computed from stored complete subtree hashes: each root,
/// audit path and consistency proof reads O(log n) of them.
public enum MerkleTree {
    /// MTH({}) = SHA-256 of nothing, the root of the empty tree.
    public static let emptyRoot = MerkleHash(SHA256.hash(data: [UInt8]()))

    /// The leaf hash SHA-256(0x00 || leaf).
    public static func leafHash(_ leaf: [UInt8]) -> MerkleHash {
        var hasher = SHA256()
        withUnsafeBytes(of: UInt8(0x00)) { hasher.update(bufferPointer: $0) }
        leaf.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return MerkleHash(hasher.finalize())
    }

    /// The interior node hash SHA-256(0x01 || left || right).
    public static func nodeHash(_ left: MerkleHash, _ right: MerkleHash) -> MerkleHash {
        var hasher = SHA256()
        withUnsafeBytes(of: UInt8(0x01)) { hasher.update(bufferPointer: $0) }
        left.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        right.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return MerkleHash(hasher.finalize())
    }

    /// The nodes to store when the leaf with hash `leafHash` is appended to a tree of `size` leaves: the leaf at
    /// level 0, index `size`, then each subtree it completes, from the lowest. Reads one stored node per subtree
    /// completed.
    public static func nodesToStore(appending leafHash: MerkleHash, toSize size: Int64, from nodes: some MerkleNodeReader) throws -> [MerkleNode] {
        guard size >= 0, size < Int64.max else { throw MerkleError.sizeOutOfRange(size) }
        var node = MerkleNode(level: 0, index: size, hash: leafHash)
        var result = [node]
        while node.index & 1 == 1 {
            let left = try nodes.hash(level: node.level, index: node.index - 1)
            node = MerkleNode(level: node.level + 1, index: node.index >> 1, hash: nodeHash(left, node.hash))
            result.append(node)
        }
        return result
    }

    /// MTH(D[size]), the root of the first `size` leaves.
    public static func root(size: Int64, from nodes: some MerkleNodeReader) throws -> MerkleHash {
        guard size >= 0 else { throw MerkleError.sizeOutOfRange(size) }
        return size == 0 ? emptyRoot : try subtreeHash(start: 0, count: size, from: nodes)
    }

    /// PATH(index, D[size]) of RFC 6962 section 2.1.1: the leaf's sibling first, a child of the root last.
    public static func inclusionPath(index: Int64, size: Int64, from nodes: some MerkleNodeReader) throws -> [MerkleHash] {
        guard index >= 0, index < size else { throw MerkleError.indexOutOfRange(index, size: size) }
        var path: [MerkleHash] = []
        var (start, count, index) = (Int64(0), size, index)
        while count > 1 {
            let split = largestPowerOfTwo(below: count)
            if index < split {
                path.append(try subtreeHash(start: start + split, count: count - split, from: nodes))
                count = split
            } else {
                path.append(try subtreeHash(start: start, count: split, from: nodes))
                (start, count, index) = (start + split, count - split, index - split)
            }
        }
        return path.reversed()
    }

    /// PROOF(oldSize, D[newSize]) of RFC 6962 section 2.1.2, in the RFC's order; empty when the sizes are equal or
    /// `oldSize` is 0.
    public static func consistencyProof(from oldSize: Int64, to newSize: Int64, from nodes: some MerkleNodeReader) throws -> [MerkleHash] {
        guard oldSize >= 0, oldSize <= newSize else { throw MerkleError.sizesOutOfOrder(old: oldSize, new: newSize) }
        guard oldSize > 0, oldSize < newSize else { return [] }
        var proof: [MerkleHash] = []
        var (start, count, old, oldIsWholeTree) = (Int64(0), newSize, oldSize, true)
        while old < count {
            let split = largestPowerOfTwo(below: count)
            if old <= split {
                proof.append(try subtreeHash(start: start + split, count: count - split, from: nodes))
                count = split
            } else {
                proof.append(try subtreeHash(start: start, count: split, from: nodes))
                (start, count, old, oldIsWholeTree) = (start + split, count - split, old - split, false)
            }
        }
        if !oldIsWholeTree {
            proof.append(try subtreeHash(start: start, count: count, from: nodes))
        }
        return proof.reversed()
    }

    /// MTH(D[start ..< start+count]) for a range the RFC's recursion reaches (`start` a multiple of the smallest power
    /// of two not below `count`): the complete subtrees of `count`'s binary digits, folded from the right.
    private static func subtreeHash(start: Int64, count: Int64, from nodes: some MerkleNodeReader) throws -> MerkleHash {
        var subtrees: [MerkleHash] = []
        var offset = start
        for level in stride(from: Int64.bitWidth - 1 - count.leadingZeroBitCount, through: 0, by: -1) where count >> level & 1 == 1 {
            subtrees.append(try nodes.hash(level: level, index: offset >> level))
            offset += 1 << level
        }
        var hash = subtrees.removeLast()
        for left in subtrees.reversed() {
            hash = nodeHash(left, hash)
        }
        return hash
    }

    /// The largest power of two below `count`, for `count` >= 2.
    static func largestPowerOfTwo(below count: Int64) -> Int64 {
        1 << (Int64.bitWidth - 1 - (count - 1).leadingZeroBitCount)
    }
}
