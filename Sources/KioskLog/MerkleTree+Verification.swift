extension MerkleTree {
    /// Whether `path` proves that the leaf with hash `leafHash` is leaf `index` of the tree of `size` leaves whose root
    /// is `root`: the algorithm of RFC 9162 section 2.1.3.2. False for any malformed input.
    public static func verifyInclusion(leafHash: MerkleHash, index: Int64, size: Int64, path: [MerkleHash], root: MerkleHash) -> Bool {
        guard index >= 0, index < size else { return false }
        var (fn, sn) = (UInt64(index), UInt64(size - 1))
        var hash = leafHash
        for sibling in path {
            guard sn != 0 else { return false }
            if fn & 1 == 1 || fn == sn {
                hash = nodeHash(sibling, hash)
                while fn & 1 == 0, fn != 0 {
                    fn >>= 1
                    sn >>= 1
                }
            } else {
                hash = nodeHash(hash, sibling)
            }
            fn >>= 1
            sn >>= 1
        }
        return sn == 0 && hash == root
    }

    /// Whether `proof` shows that the tree of `newSize` leaves with root `newRoot` extends the tree of `oldSize`
    /// leaves with root `oldRoot`: the algorithm of RFC 9162 section 2.1.4.2. Equal sizes need an empty proof and
    /// equal roots; size 0 an empty proof and the empty tree's root. False for any malformed input.
    public static func verifyConsistency(
        oldSize: Int64,
        newSize: Int64,
        oldRoot: MerkleHash,
        newRoot: MerkleHash,
        proof: [MerkleHash]
    ) -> Bool {
        guard oldSize >= 0, oldSize <= newSize else { return false }
        guard oldSize != newSize else { return proof.isEmpty && oldRoot == newRoot }
        guard oldSize != 0 else { return proof.isEmpty && oldRoot == emptyRoot }
        guard !proof.isEmpty else { return false }
        let path = oldSize & (oldSize - 1) == 0 ? [oldRoot] + proof : proof
        var (fn, sn) = (UInt64(oldSize - 1), UInt64(newSize - 1))
        while fn & 1 == 1 {
            fn >>= 1
            sn >>= 1
        }
        var (oldHash, newHash) = (path[0], path[0])
        for node in path.dropFirst() {
            guard sn != 0 else { return false }
            if fn & 1 == 1 || fn == sn {
                oldHash = nodeHash(node, oldHash)
                newHash = nodeHash(node, newHash)
                while fn & 1 == 0, fn != 0 {
                    fn >>= 1
                    sn >>= 1
                }
            } else {
                newHash = nodeHash(newHash, node)
            }
            fn >>= 1
            sn >>= 1
        }
        return oldHash == oldRoot && newHash == newRoot && sn == 0
    }
}
