public import KioskCore
public import KioskLog

/// A kiosk's log recomputed from what is held of it, what `kiosk log verify` and `kiosk-hub log verify` compare the
/// stored tree and the checkpoints with, and what `log export` prints: the lines of seq 1, 2, 3, … (each event whole,
/// or the kept leaf hash of one removed or erased) up to the last before a gap or an event no leaf can encode, which
/// is named.
public enum EventLogRecomputation {
    /// How many lines one page read holds.
    public static let pageSize = 10_000

    /// What `log verify` adds to its count of leaves when `removed` of them are kept leaf hashes only ("" for none).
    public static func keptLeavesNote(removed: Int64) -> String {
        removed > 0 ? " (\(removed) removed or erased, their leaf hashes kept)" : ""
    }

    /// The tree of `log`'s lines, how many of them were removed or erased leaves, and why it stops early, if it does;
    /// `holder` names where the events are kept ("the journal", "the hub"). The next page is read while the leaves of
    /// this one are hashed, each half of them at once.
    public static func tree(
        of holder: String,
        from log: EventLogSource
    ) async throws(KioskError) -> (tree: InMemoryMerkleTree, removed: Int64, problem: String?) {
        var tree = InMemoryMerkleTree()
        var removed: Int64 = 0
        var lines = try await log.lines(fromSeq: 1, limit: pageSize)
        while true {
            // A full page is followed from its last seq; any other ends the tree below.
            let followingSeq = lines.count == pageSize ? lines[lines.count - 1].seq + 1 : nil
            async let following = read(log, fromSeq: followingSeq)
            for (line, leaf) in zip(lines, await leafHashes(lines)) {
                guard line.seq == tree.size + 1 else {
                    return (tree, removed, "seq \(tree.size + 1): missing from \(holder) (the next event is seq \(line.seq))")
                }
                switch leaf {
                case .success(let hash): tree.append(hash)
                case .failure(let error): return (tree, removed, "seq \(line.seq): the event cannot enter the signed log: \(error)")
                }
                if case .removed = line { removed += 1 }
            }
            if lines.count < pageSize { return (tree, removed, nil) }
            lines = try await following.get()
        }
    }

    /// Gives each line of `log` in seq order, from seq 1 up to the first gap, to `body`.
    public static func forEachLine(of log: EventLogSource, _ body: (EventLogLine) -> Void) async throws(KioskError) {
        var next: Int64 = 1
        while true {
            let lines = try await log.lines(fromSeq: next, limit: pageSize)
            for line in lines {
                guard line.seq == next else { return }
                body(line)
                next += 1
            }
            if lines.count < pageSize { return }
        }
    }

    /// The page of lines from `seq` on (none when `seq` is nil), or why it could not be read.
    private static func read(_ log: EventLogSource, fromSeq seq: Int64?) async -> Result<[EventLogLine], KioskError> {
        guard let seq else { return .success([]) }
        do {
            return .success(try await log.lines(fromSeq: seq, limit: pageSize))
        } catch {
            return .failure(error)
        }
    }

    /// The leaf hash of each of `lines`, in their order: the first half hashed beside the second.
    private static func leafHashes(_ lines: [EventLogLine]) async -> [Result<MerkleHash, LeafError>] {
        let middle = lines.count / 2
        async let first = leafHashes(of: lines[..<middle])
        let second = leafHashes(of: lines[middle...])
        return await first + second
    }

    private static func leafHashes(of lines: ArraySlice<EventLogLine>) -> [Result<MerkleHash, LeafError>] {
        lines.map { line in
            switch line {
            case .event(let event): Result { () throws(LeafError) in try EventLeaf(event).leafHash }
            case .removed(let leaf): .success(leaf.leafHash)
            }
        }
    }
}

/// One line of a kiosk's log as it is held: an event whole, or the place and kept leaf hash of one whose content is
/// gone.
public enum EventLogLine: Sendable, Hashable {
    case event(EventRecord)
    case removed(RemovedLeaf)

    public var seq: Int64 {
        switch self {
        case .event(let event): event.seq
        case .removed(let leaf): leaf.seq
        }
    }

    /// The line as `log export` prints it (LOG-FORMAT.md section 8): the event's wire JSON, or `{"kioskId", "seq",
    /// "leafHash"}` for a leaf whose content is gone.
    public func exportText(kioskID: String) -> String {
        switch self {
        case .event(let event):
            return String(decoding: WireEvent(event).jsonBytes(), as: UTF8.self)
        case .removed(let leaf):
            var writer = JSONWriter(capacity: 128)
            writer.raw("{\"kioskId\":")
            writer.string(kioskID)
            writer.raw(",\"seq\":")
            writer.integer(leaf.seq)
            writer.raw(",\"leafHash\":")
            writer.string(leaf.leafHash.base64)
            writer.raw("}")
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }
}

/// Where a kiosk's log is held, read a page at a time: its events whose content is whole, and the removed or erased
/// leaves whose hashes are kept in their place.
public struct EventLogSource: Sendable {
    /// Up to `limit` events from a seq on, in seq order (none whose content is gone).
    public let events: @Sendable (_ fromSeq: Int64, _ limit: Int) async throws(KioskError) -> [EventRecord]
    /// Up to `limit` removed or erased leaves from a seq on through a seq (to the end when nil), in seq order.
    public let removedLeaves: @Sendable (_ fromSeq: Int64, _ throughSeq: Int64?, _ limit: Int) async throws(KioskError) -> [RemovedLeaf]

    public init(
        events: @escaping @Sendable (_ fromSeq: Int64, _ limit: Int) async throws(KioskError) -> [EventRecord],
        removedLeaves: @escaping @Sendable (_ fromSeq: Int64, _ throughSeq: Int64?, _ limit: Int) async throws(KioskError) -> [RemovedLeaf]
    ) {
        self.events = events
        self.removedLeaves = removedLeaves
    }

    /// Up to `limit` lines from `seq` on, in seq order. Removed leaves are looked for only where the events leave
    /// room for them: not in a full page of events that follow on from `seq` without a gap.
    public func lines(fromSeq seq: Int64, limit: Int) async throws(KioskError) -> [EventLogLine] {
        let events = try await self.events(seq, limit)
        let full = events.count == limit
        if full, let first = events.first, let last = events.last, first.seq == seq, last.seq - seq + 1 == Int64(events.count) {
            return events.map(EventLogLine.event)
        }
        let removed = try await removedLeaves(seq, full ? events.last?.seq : nil, limit)
        guard !removed.isEmpty else { return events.map(EventLogLine.event) }
        let merged = (events.map(EventLogLine.event) + removed.map(EventLogLine.removed)).sorted { $0.seq < $1.seq }
        return Array(merged.prefix(limit))
    }
}
