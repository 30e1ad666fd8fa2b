import GRDB

/// How much memory a database's connections may keep: a gate's journal little, the hub's writer much.
public struct StoreFootprint: Sendable {
    /// Connections that may read at once, beside the one that writes.
    public var maximumReaderCount: Int
    /// Recently used pages each reading connection may keep, in KiB (`PRAGMA cache_size`); nil keeps SQLite's 2 MB.
    public var pageCacheKibibytes: Int?
    /// The same for the connections that write; nil keeps `pageCacheKibibytes`.
    public var writerPageCacheKibibytes: Int?
    /// Whether the connections that write keep what SQLite would put in temporary files in memory instead
    /// (`PRAGMA temp_store = MEMORY`): above all a savepoint's copy of the pages it changes, which past 64 KiB
    /// becomes a file created, written and deleted again for every savepoint.
    public var writerTemporaryStoreInMemory = false

    /// GRDB's pool of five readers and SQLite's own page caches.
    public static let standard = StoreFootprint(maximumReaderCount: 5, pageCacheKibibytes: nil)
    /// For a gate: it seldom reads more than twice at once (the sync, the summary), and a tap touches a handful of
    /// pages (the student's, the index leaves being appended to), so its caches need not grow with the journal.
    public static let gate = StoreFootprint(maximumReaderCount: 2, pageCacheKibibytes: 512)
    /// For a hub serving many kiosks: five readers with SQLite's caches, and 64 MB of pages for its one writer, whose
    /// inserts land all over the event table's indexes (random ids, every student): in 2 MB most of them would be
    /// read again from the file for each batch, on the one thread every kiosk's batch waits for. Each batch is written
    /// in its own savepoint, whose copy of the index pages it changes stays in memory.
    public static let hub = StoreFootprint(
        maximumReaderCount: 5,
        pageCacheKibibytes: nil,
        writerPageCacheKibibytes: 65_536,
        writerTemporaryStoreInMemory: true
    )

    /// Sets the pool's reader count, and the page cache size (and a writer's temporary store) of each connection as it
    /// opens.
    func configure(_ configuration: inout Configuration) {
        configuration.maximumReaderCount = maximumReaderCount
        let (reading, writing) = (pageCacheKibibytes, writerPageCacheKibibytes ?? pageCacheKibibytes)
        let temporaryInMemory = writerTemporaryStoreInMemory
        guard reading != nil || writing != nil || temporaryInMemory else { return }
        configuration.prepareDatabase { db in
            let writes = !db.configuration.readonly
            if let kibibytes = writes ? writing : reading {
                try db.execute(sql: "PRAGMA cache_size = -\(kibibytes)")
            }
            if writes && temporaryInMemory {
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
            }
        }
    }
}
