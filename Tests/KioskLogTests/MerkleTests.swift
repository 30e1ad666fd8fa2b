import KioskLog
import Testing

/// RFC 6962 section 2.1 written out as its recursive definitions, over a list of leaf hashes: the reference the
/// stored-subtree computations are compared with.
private enum Reference {
    static func split(_ count: Int) -> Int {
        var split = 1
        while split * 2 < count { split *= 2 }
        return split
    }

    static func root(_ leaves: [MerkleHash]) -> MerkleHash {
        switch leaves.count {
        case 0: return MerkleTree.emptyRoot
        case 1: return leaves[0]
        default:
            let k = split(leaves.count)
            return MerkleTree.nodeHash(root(Array(leaves[..<k])), root(Array(leaves[k...])))
        }
    }

    static func path(_ m: Int, _ leaves: [MerkleHash]) -> [MerkleHash] {
        guard leaves.count > 1 else { return [] }
        let k = split(leaves.count)
        if m < k {
            return path(m, Array(leaves[..<k])) + [root(Array(leaves[k...]))]
        }
        return path(m - k, Array(leaves[k...])) + [root(Array(leaves[..<k]))]
    }

    static func proof(_ m: Int, _ leaves: [MerkleHash]) -> [MerkleHash] {
        subproof(m, leaves, true)
    }

    private static func subproof(_ m: Int, _ leaves: [MerkleHash], _ whole: Bool) -> [MerkleHash] {
        if m == leaves.count { return whole ? [] : [root(leaves)] }
        let k = split(leaves.count)
        if m <= k {
            return subproof(m, Array(leaves[..<k]), whole) + [root(Array(leaves[k...]))]
        }
        return subproof(m - k, Array(leaves[k...]), false) + [root(Array(leaves[..<k]))]
    }
}

/// The reference's roots, audit paths and consistency proofs of the trees of the first 0...41 of 41 leaves,
/// computed once.
struct ReferenceTable: Sendable {
    static let shared = ReferenceTable()

    let leaves: [MerkleHash]
    /// `roots[n]` = MTH(D[n]).
    let roots: [MerkleHash]
    /// `paths[n][i]` = PATH(i, D[n]).
    let paths: [[[MerkleHash]]]
    /// `proofs[n][m]` = PROOF(m, D[n]), empty for m = 0 and m = n as the consistency proof file has it.
    let proofs: [[[MerkleHash]]]

    private init() {
        let leaves = (0..<41).map { MerkleTree.leafHash(Array("leaf \($0)".utf8)) }
        self.leaves = leaves
        roots = (0...41).map { Reference.root(Array(leaves[..<$0])) }
        paths = (0...41).map { n in (0..<n).map { Reference.path($0, Array(leaves[..<n])) } }
        proofs = (0...41).map { n in (0...n).map { $0 == 0 || $0 == n ? [] : Reference.proof($0, Array(leaves[..<n])) } }
    }
}

/// Complete subtree hashes in a dictionary, as a database table holds them, filled only through
/// `MerkleTree.nodesToStore`; counts its reads.
private final class StoredNodes: MerkleNodeReader {
    private var nodes: [String: MerkleHash] = [:]
    private(set) var size: Int64 = 0
    var reads = 0

    func append(_ leafHash: MerkleHash) throws {
        for node in try MerkleTree.nodesToStore(appending: leafHash, toSize: size, from: self) {
            #expect(nodes["\(node.level)/\(node.index)"] == nil)
            nodes["\(node.level)/\(node.index)"] = node.hash
        }
        size += 1
    }

    var count: Int { nodes.count }

    func hash(level: Int, index: Int64) throws -> MerkleHash {
        reads += 1
        guard let hash = nodes["\(level)/\(index)"] else { throw TestFailure.missingNode(level, index) }
        return hash
    }
}

private enum TestFailure: Error {
    case missingNode(Int, Int64)
}

/// Answers any node of a tree of any size with a hash made from its place, counting reads: for the cost of the
/// computations on huge trees.
private final class SyntheticNodes: MerkleNodeReader {
    var reads = 0

    func hash(level: Int, index: Int64) throws -> MerkleHash {
        reads += 1
        return MerkleTree.leafHash(Array("\(level)/\(index)".utf8))
    }
}

private func leaves(_ count: Int) -> [MerkleHash] {
    Array(ReferenceTable.shared.leaves.prefix(count))
}

/// `hash` with one bit flipped.
private func flipped(_ hash: MerkleHash, bit: Int) -> MerkleHash {
    var bytes = hash.bytes
    bytes[bit / 8 % 32] ^= 1 << (bit % 8)
    return MerkleHash(bytes: bytes)!
}

@Suite struct MerkleTests {
    @Test func storedSubtreesMatchTheRecursiveDefinitionsUpTo40() throws {
        let table = ReferenceTable.shared
        let stored = StoredNodes()
        for n in 1...40 {
            try stored.append(table.leaves[n - 1])
            let memory = InMemoryMerkleTree(leafHashes: Array(table.leaves[..<n]))
            let size = Int64(n)
            #expect(memory.size == size)
            #expect(stored.count == 2 * n - n.nonzeroBitCount)
            #expect(try MerkleTree.root(size: size, from: stored) == table.roots[n])
            #expect(try MerkleTree.root(size: size, from: memory) == table.roots[n])
            for index in 0..<n {
                let path = try MerkleTree.inclusionPath(index: Int64(index), size: size, from: stored)
                #expect(path == table.paths[n][index])
                #expect(try MerkleTree.inclusionPath(index: Int64(index), size: size, from: memory) == path)
                #expect(MerkleTree.verifyInclusion(leafHash: table.leaves[index], index: Int64(index), size: size, path: path, root: table.roots[n]))
            }
            for m in 0...n {
                let proof = try MerkleTree.consistencyProof(from: Int64(m), to: size, from: stored)
                #expect(proof == table.proofs[n][m], "PROOF(\(m), D[\(n)])")
                #expect(try MerkleTree.consistencyProof(from: Int64(m), to: size, from: memory) == proof)
                #expect(
                    MerkleTree.verifyConsistency(oldSize: Int64(m), newSize: size, oldRoot: table.roots[m], newRoot: table.roots[n], proof: proof)
                )
            }
        }
    }

    @Test func appendingInMemoryMatchesBuildingAtOnce() throws {
        let table = ReferenceTable.shared
        var tree = InMemoryMerkleTree()
        #expect(try MerkleTree.root(size: 0, from: tree) == MerkleTree.emptyRoot)
        for (n, leaf) in table.leaves.enumerated() {
            tree.append(leaf)
            #expect(try MerkleTree.root(size: Int64(n + 1), from: tree) == table.roots[n + 1])
        }
        let built = InMemoryMerkleTree(leafHashes: table.leaves)
        for level in 0...5 {
            for index in 0..<Int64(41 >> level) {
                #expect(try tree.hash(level: level, index: index) == built.hash(level: level, index: index))
            }
            #expect(throws: MerkleError.self) { try built.hash(level: level, index: Int64(41 >> level)) }
        }
        #expect(throws: MerkleError.self) { try built.hash(level: 6, index: 0) }
        #expect(throws: MerkleError.self) { try built.hash(level: -1, index: 0) }
        #expect(throws: MerkleError.self) { try built.hash(level: 0, index: -1) }
    }

    @Test func tamperedInclusionProofsFail() throws {
        let table = ReferenceTable.shared
        for n in 1...40 {
            let size = Int64(n)
            let root = table.roots[n]
            for index in 0..<n {
                let path = table.paths[n][index]
                let leaf = table.leaves[index]
                func verifies(_ path: [MerkleHash], leaf: MerkleHash = leaf, index: Int = index, size: Int64 = size, root: MerkleHash = root) -> Bool
                {
                    MerkleTree.verifyInclusion(leafHash: leaf, index: Int64(index), size: size, path: path, root: root)
                }
                for position in path.indices {
                    var changed = path
                    changed[position] = flipped(path[position], bit: position * 37 + index)
                    #expect(!verifies(changed))
                    var shorter = path
                    shorter.remove(at: position)
                    #expect(!verifies(shorter))
                }
                #expect(!verifies(path + [root]))
                #expect(!verifies(path + [leaf]))
                #expect(!verifies([leaf] + path))
                #expect(!verifies(path, leaf: flipped(leaf, bit: 3)))
                #expect(!verifies(path, root: flipped(root, bit: 200)))
                for otherIndex in 0..<n where otherIndex != index {
                    #expect(!verifies(path, index: otherIndex))
                }
                #expect(!verifies(path, index: n))
                #expect(!verifies(path, index: -1))
                for otherSize in 1...41 where otherSize != n {
                    // Against the other size's root, the path proves the leaf only where it is that size's path too.
                    let otherPath = index < otherSize ? table.paths[otherSize][index] : nil
                    #expect(verifies(path, size: Int64(otherSize), root: table.roots[otherSize]) == (path == otherPath))
                    // Whatever the root, a path of another length than the size's is refused.
                    if otherPath?.count != path.count {
                        #expect(!verifies(path, size: Int64(otherSize)))
                    }
                }
            }
        }
    }

    @Test func tamperedConsistencyProofsFail() throws {
        let table = ReferenceTable.shared
        for n in 1...40 {
            for m in 0...n {
                let proof = table.proofs[n][m]
                func verifies(
                    _ proof: [MerkleHash],
                    old: Int = m,
                    new: Int = n,
                    oldRoot: MerkleHash = table.roots[m],
                    newRoot: MerkleHash = table.roots[n]
                ) -> Bool {
                    MerkleTree.verifyConsistency(oldSize: Int64(old), newSize: Int64(new), oldRoot: oldRoot, newRoot: newRoot, proof: proof)
                }
                #expect(verifies(proof))
                for position in proof.indices {
                    var changed = proof
                    changed[position] = flipped(proof[position], bit: position * 11 + m)
                    #expect(!verifies(changed))
                    var shorter = proof
                    shorter.remove(at: position)
                    #expect(!verifies(shorter))
                }
                #expect(!verifies(proof + [table.roots[n]]))
                #expect(!verifies([table.roots[m]] + proof) || m == 0)
                #expect(!verifies(proof, oldRoot: flipped(table.roots[m], bit: 1)))
                // Any tree extends the empty one: only there is the new root free.
                #expect(verifies(proof, newRoot: flipped(table.roots[n], bit: 255)) == (m == 0))
                for otherOld in 0...41 where otherOld != m {
                    let expected = otherOld <= n ? table.proofs[n][otherOld] : nil
                    #expect(verifies(proof, old: otherOld, oldRoot: table.roots[otherOld]) == (proof == expected))
                    if expected?.count != proof.count {
                        #expect(!verifies(proof, old: otherOld))
                    }
                }
                for otherNew in 0...41 where otherNew != n {
                    let expected = m <= otherNew ? table.proofs[otherNew][m] : nil
                    #expect(verifies(proof, new: otherNew, newRoot: table.roots[otherNew]) == (proof == expected))
                    if expected?.count != proof.count {
                        #expect(!verifies(proof, new: otherNew))
                    }
                }
                #expect(!verifies(proof, old: -1))
            }
        }
    }

    @Test func equalSizesAndTheEmptyTree() throws {
        let root = Reference.root(leaves(5))
        #expect(MerkleTree.verifyConsistency(oldSize: 5, newSize: 5, oldRoot: root, newRoot: root, proof: []))
        #expect(!MerkleTree.verifyConsistency(oldSize: 5, newSize: 5, oldRoot: root, newRoot: flipped(root, bit: 9), proof: []))
        #expect(!MerkleTree.verifyConsistency(oldSize: 5, newSize: 5, oldRoot: root, newRoot: root, proof: [root]))
        #expect(MerkleTree.verifyConsistency(oldSize: 0, newSize: 0, oldRoot: MerkleTree.emptyRoot, newRoot: MerkleTree.emptyRoot, proof: []))
        #expect(!MerkleTree.verifyConsistency(oldSize: 0, newSize: 5, oldRoot: root, newRoot: root, proof: []))
        #expect(!MerkleTree.verifyConsistency(oldSize: 0, newSize: 5, oldRoot: MerkleTree.emptyRoot, newRoot: root, proof: [root]))
        #expect(!MerkleTree.verifyInclusion(leafHash: root, index: 0, size: 0, path: [], root: MerkleTree.emptyRoot))
        let one = leaves(1)[0]
        #expect(MerkleTree.verifyInclusion(leafHash: one, index: 0, size: 1, path: [], root: one))
        #expect(!MerkleTree.verifyInclusion(leafHash: one, index: 0, size: 1, path: [one], root: one))
    }

    @Test func badArgumentsThrow() throws {
        let tree = InMemoryMerkleTree(leafHashes: leaves(5))
        #expect(throws: MerkleError.self) { try MerkleTree.root(size: -1, from: tree) }
        #expect(throws: MerkleError.self) { try MerkleTree.root(size: 6, from: tree) }
        #expect(throws: MerkleError.self) { try MerkleTree.inclusionPath(index: 5, size: 5, from: tree) }
        #expect(throws: MerkleError.self) { try MerkleTree.inclusionPath(index: -1, size: 5, from: tree) }
        #expect(throws: MerkleError.self) { try MerkleTree.inclusionPath(index: 0, size: 0, from: tree) }
        #expect(throws: MerkleError.self) { try MerkleTree.consistencyProof(from: 4, to: 3, from: tree) }
        #expect(throws: MerkleError.self) { try MerkleTree.consistencyProof(from: -1, to: 3, from: tree) }
        #expect(throws: MerkleError.self) { try MerkleTree.consistencyProof(from: 3, to: 6, from: tree) }
        #expect(throws: MerkleError.self) { try MerkleTree.nodesToStore(appending: leaves(1)[0], toSize: -1, from: tree) }
        #expect(throws: MerkleError.self) { try MerkleTree.nodesToStore(appending: leaves(1)[0], toSize: .max, from: tree) }
    }

    @Test func hugeTreesTakeLogarithmicReads() throws {
        let reader = SyntheticNodes()
        let sizes: [Int64] = [.max, .max - 1, 1 << 62, (1 << 62) + 1, 1_234_567_890_123, 730_001]
        for size in sizes {
            reader.reads = 0
            _ = try MerkleTree.root(size: size, from: reader)
            #expect(reader.reads <= 63)
            for index in [0, size / 3, size - 1] {
                reader.reads = 0
                let path = try MerkleTree.inclusionPath(index: index, size: size, from: reader)
                #expect(path.count <= 63)
                #expect(reader.reads <= 2 * 63)
            }
            for old in [1, size / 2 + 1, size - 1, size] {
                reader.reads = 0
                let proof = try MerkleTree.consistencyProof(from: old, to: size, from: reader)
                #expect(proof.count <= 2 * 63)
                #expect(reader.reads <= 3 * 63)
            }
            reader.reads = 0
            _ = try MerkleTree.nodesToStore(appending: MerkleTree.emptyRoot, toSize: size - 1, from: reader)
            #expect(reader.reads <= 63)
        }
    }

    @Test func hostileVerificationInputsFailWithoutCrashing() {
        let hash = leaves(1)[0]
        let long = Array(repeating: hash, count: 10_000)
        for size in [Int64.min, -1, 0, 1, 2, Int64.max - 1, Int64.max] {
            for index in [Int64.min, -1, 0, 1, size &- 1, size, Int64.max] {
                #expect(!MerkleTree.verifyInclusion(leafHash: hash, index: index, size: size, path: long, root: hash))
                #expect(!MerkleTree.verifyInclusion(leafHash: hash, index: index, size: size, path: [], root: MerkleTree.emptyRoot))
            }
            for old in [Int64.min, -1, 0, 1, size &- 1, Int64.max] {
                #expect(!MerkleTree.verifyConsistency(oldSize: old, newSize: size, oldRoot: hash, newRoot: MerkleTree.emptyRoot, proof: long))
            }
        }
    }

    @Test func hashText() {
        let hash = leaves(1)[0]
        #expect(MerkleHash(base64: hash.base64) == hash)
        #expect(MerkleHash(bytes: hash.bytes) == hash)
        #expect(MerkleHash(bytes: Array(hash.bytes.dropLast())) == nil)
        #expect(MerkleHash(base64: String(hash.base64.dropLast())) == nil)
        #expect(MerkleHash(base64: "AAAA") == nil)
        #expect(MerkleHash(base64: " " + hash.base64) == nil)
        #expect(hash.description == hex(hash.bytes))
        // The last character before `=` carries two unused bits: set, they make non-canonical text.
        let canonical = MerkleTree.emptyRoot.base64
        #expect(canonical == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(MerkleHash(base64: "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFV=") == nil)
    }
}
