import GRDB

/// How much memory a database's connections may keep: a gate's journal little, the hub SQLite's defaults.
public struct StoreFootprint: Sendable {
    /// Connections that may read at once, beside the one that writes.
    public var maximumReaderCount: Int
    /// Recently used pages each connection may keep, in KiB (`PRAGMA cache_size`); nil keeps SQLite's 2 MB.
    public var pageCacheKibibytes: Int?

    /// GRDB's pool of five readers and SQLite's own page caches: for a process serving many clients.
    public static let standard = StoreFootprint(maximumReaderCount: 5, pageCacheKibibytes: nil)
    /// For a gate: it seldom reads more than twice at once (the sync, the summary), and a tap touches a handful of
    /// pages (the student's, the index leaves being appended to), so its caches need not grow with the journal.
    public static let gate = StoreFootprint(maximumReaderCount: 2, pageCacheKibibytes: 512)

    /// Sets the pool's reader count, and the page cache size of each connection as it opens.
    func configure(_ configuration: inout Configuration) {
        configuration.maximumReaderCount = maximumReaderCount
        if let pageCacheKibibytes {
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -\(pageCacheKibibytes)") }
        }
    }
}
