import KioskHubStorage

/// The PostgreSQL hub's pull feed (`GET /v1/events?after=`), ordered by transaction, so that several hub processes
/// insert events at once and a kiosk paging the feed still never skips an event.
///
/// An event's cursor is its inserting transaction's id (`pg_current_xact_id()`) times 2^20 plus its place in that
/// transaction, counted from `event_feed.origin` (migration `v9` puts the first such cursor above every cursor handed
/// out before). Every transaction that inserts events holds the shared advisory lock `inserterLock` from before it
/// has an id until it has ended. So when PostgreSQL's lock table shows no holder of that lock with an id below X, and
/// X is no higher than the next id of a snapshot taken before the lock table was read, every inserting transaction
/// with an id below X has ended and a later statement sees its events: the cursors below `X × 2^20 + origin` are
/// final, and the feed hands out only those. An insert still running holds back the cursors above its own until it
/// ends; nothing else on the server does.
///
/// Earned by P5-PG2 (two hubs on one database must insert at least as fast as one: 0.85-0.88 of one hub with a lock
/// that let one transaction insert at a time, 1.16-1.52 with the feed by transaction).
enum PostgresEventFeed {
    /// The bits of a cursor below the transaction's id: its place in the transaction.
    static let placeBits = 20

    /// How many events one transaction may insert: the places a transaction's cursors have.
    static let eventsPerTransaction = 1 << placeBits

    /// The shared advisory lock every event-inserting transaction takes first ("KHUBEVTS"); nothing takes it exclusively.
    static let inserterLock: Int64 = 0x4B48_5542_4556_5453

    /// SQL: the statement an inserting transaction starts with, before anything gives it an id.
    static let takeInserterLock = "SELECT pg_advisory_xact_lock_shared(\(inserterLock))"

    /// SQL: the cursor of the first event the current transaction inserts.
    static let firstCursorOfTransaction = "((pg_current_xact_id()::text::bigint << \(placeBits)) + (SELECT origin FROM event_feed))"

    /// SQL: the bound below which every cursor is final, to be used by a later statement (whose snapshot sees every
    /// event below it). The lock table is read once; an inserter's id is its own transaction id lock, widened from 32
    /// to 64 bits against the snapshot's next id (a running transaction's id is less than 2^31 below it).
    static let finalBound = """
        WITH locks AS MATERIALIZED (SELECT locktype, database, classid, objid, objsubid, virtualtransaction, transactionid, mode FROM pg_locks),
        next AS (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS id),
        inserters AS (
            SELECT next.id - ((next.id - own.transactionid::text::bigint) & 4294967295) AS id
            FROM locks AS held
            JOIN locks AS own ON own.virtualtransaction = held.virtualtransaction AND own.locktype = 'transactionid' AND own.mode = 'ExclusiveLock'
            CROSS JOIN next
            WHERE held.locktype = 'advisory' AND held.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND held.classid = \(inserterLock >> 32) AND held.objid = \(inserterLock & 0xFFFF_FFFF) AND held.objsubid = 1
        )
        SELECT (LEAST((SELECT id FROM next), (SELECT MIN(id) FROM inserters)) << \(placeBits)) + (SELECT origin FROM event_feed)
        """
}
