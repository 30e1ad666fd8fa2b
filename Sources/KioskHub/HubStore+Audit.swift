public import Foundation
public import KioskCore
public import KioskHubStorage
import KioskLog

extension HubStore {
    /// Records that `actor` did `action` to `subject` in `property`'s audit log. Called once the change is stored;
    /// control characters in `subject` and `detail` become spaces, as an entry's values are single lines.
    @discardableResult
    func audit(
        _ action: AuditAction,
        property: String,
        subject: String = "",
        detail: String = "",
        now: Date = WallClock.system.now()
    ) async throws(KioskError) -> AuditEntry {
        try await storage.appendAuditEntry(
            AuditEntry(
                id: UUID().uuidString.lowercased(),
                property: property,
                seq: 0,
                at: now,
                actor: actor.text,
                action: action.rawValue,
                subject: Self.oneLine(subject),
                detail: Self.oneLine(detail)
            )
        )
    }

    /// The audit entries of `property` (of every property when nil) made at or after `since`, in seq order; not those
    /// an erasure emptied.
    public func auditEntries(property: String?, since: Date? = nil) async throws(KioskError) -> [AuditEntry] {
        let properties = if let property { [try await self.property(property).id] } else { try await storage.auditedProperties() }
        var entries: [AuditEntry] = []
        for property in properties {
            try await forEachAuditEntry(of: property) { entry in
                if entry.removedLeafHash == nil, since.map({ entry.at >= $0 }) ?? true { entries.append(entry) }
            }
        }
        return entries
    }

    /// Gives each line of `property`'s audit log (LOG-FORMAT.md section 8: each entry's JSON, or the kept leaf hash of
    /// one an erasure emptied, in seq order) to `line`.
    public func exportAudit(property: String, _ line: (String) -> Void) async throws(KioskError) {
        try await forEachAuditEntry(of: try await self.property(property).id) { line($0.exportLine) }
    }

    /// The latest signed checkpoint of `property`'s audit log, signed now with `keys.log` when the log has grown since
    /// (or has none yet); nil for a property whose audit log is empty.
    public func auditCheckpoint(property: String, keys: HubLogKeys, now: Date) async throws(KioskError) -> AuditCheckpoint? {
        let latest = try await storage.auditCheckpoint(property: property)
        let size = try await extendTree(.audit(property: property), toAtLeast: .max) { (seq, limit) throws(KioskError) in
            try await storage.auditEntries(property: property, fromSeq: seq, limit: limit).map { ($0.seq, try? $0.leafHash) }
        }
        guard size > latest?.size ?? 0 else { return latest }
        let nodes = try await storedTree(of: .audit(property: property)) { recorder in _ = try? MerkleTree.root(size: size, from: recorder) }
        let signed: SignedCheckpoint
        do {
            let root = try MerkleTree.root(size: size, from: nodes)
            signed = try SignedCheckpoint(Checkpoint(origin: keys.auditOrigin(property: property), size: size, rootHash: root), signedBy: keys.log)
        } catch {
            throw KioskError(.dataError, "cannot sign a checkpoint of the audit log of property '\(property)': \(error)")
        }
        let checkpoint = AuditCheckpoint(size: size, text: signed.text)
        try await storage.storeAuditCheckpoint(checkpoint, property: property, at: now)
        return checkpoint
    }

    /// Signs a checkpoint of every audit log that has grown since its latest: what a serving hub does each minute.
    public func signGrownAuditLogs(keys: HubLogKeys, now: Date) async throws(KioskError) {
        for property in try await storage.auditLogsAhead() {
            _ = try await auditCheckpoint(property: property, keys: keys, now: now)
        }
    }

    func forEachAuditEntry(of property: String, _ body: (AuditEntry) throws(KioskError) -> Void) async throws(KioskError) {
        var next: Int64 = 1
        while true {
            let entries = try await storage.auditEntries(property: property, fromSeq: next, limit: Self.leavesPerLogStep)
            for entry in entries {
                try body(entry)
                next = entry.seq + 1
            }
            if entries.count < Self.leavesPerLogStep { return }
        }
    }

    private static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
