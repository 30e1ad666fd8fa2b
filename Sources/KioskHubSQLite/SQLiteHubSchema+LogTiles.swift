import GRDB
import KioskStore

extension SQLiteHubSchema {
    /// The shipped migration that keeps the logs' trees as tiles (v22), frozen with `LogTileMigration`.
    static func registerLogTileMigrations(_ migrator: inout DatabaseMigrator) {
        // The kiosks' and the audit logs' trees kept as tiles (`MerkleTile`): a row per 256 nodes of the levels that
        // are multiples of 8, not a row per node (P4: a push of 1,000 events stored 2,000 tree rows).
        migrator.registerMigration("v22") { db in
            try db.execute(
                sql: """
                    CREATE TABLE kiosk_log_tile (
                        kiosk_id TEXT NOT NULL,
                        level INTEGER NOT NULL,
                        idx INTEGER NOT NULL,
                        hashes BLOB NOT NULL,
                        PRIMARY KEY (kiosk_id, level, idx)
                    );
                    CREATE TABLE audit_log_tile (
                        property_id TEXT NOT NULL,
                        level INTEGER NOT NULL,
                        idx INTEGER NOT NULL,
                        hashes BLOB NOT NULL,
                        PRIMARY KEY (property_id, level, idx)
                    );
                    """
            )
            try LogTileMigration.copyTiles(db, from: "kiosk_log_node", to: "kiosk_log_tile", keyedBy: ["kiosk_id"])
            try LogTileMigration.copyTiles(db, from: "audit_log_node", to: "audit_log_tile", keyedBy: ["property_id"])
            try db.execute(sql: "DROP TABLE kiosk_log_node; DROP TABLE audit_log_node")
        }
    }
}
