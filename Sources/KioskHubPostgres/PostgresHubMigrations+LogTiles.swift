extension PostgresHubSchema {
    /// The shipped migration that keeps the logs' trees as tiles (v23), as the SQLite hub's v22.
    static let logTileMigrations: [(identifier: String, statements: [String])] = [
        (
            // The kiosks' and the audit logs' trees as tiles (`MerkleTile`): a row per 256 nodes of the levels that are
            // multiples of 8, not a row per node (P4); as the SQLite hub's `v22`. A tile ends at a node missing from the
            // stored tree (`log verify` names it).
            "v23",
            [
                """
                CREATE TABLE kiosk_log_tile (
                    kiosk_id TEXT COLLATE "C" NOT NULL,
                    level INTEGER NOT NULL,
                    idx BIGINT NOT NULL,
                    hashes BYTEA NOT NULL,
                    PRIMARY KEY (kiosk_id, level, idx)
                )
                """,
                """
                CREATE TABLE audit_log_tile (
                    property_id TEXT COLLATE "C" NOT NULL,
                    level INTEGER NOT NULL,
                    idx BIGINT NOT NULL,
                    hashes BYTEA NOT NULL,
                    PRIMARY KEY (property_id, level, idx)
                )
                """,
                tileCopy(from: "kiosk_log_node", to: "kiosk_log_tile", key: "kiosk_id"),
                tileCopy(from: "audit_log_node", to: "audit_log_tile", key: "property_id"),
                "DROP TABLE kiosk_log_node",
                "DROP TABLE audit_log_node",
            ]
        )
    ]

    /// The statement copying the tree rows of `nodeTable` into tiles of `tileTable`: each tile's nodes from offset 0
    /// up to the first one missing, in order, as one value.
    private static func tileCopy(from nodeTable: String, to tileTable: String, key: String) -> String {
        """
        INSERT INTO \(tileTable) (\(key), level, idx, hashes)
        SELECT \(key), level / 8, idx / 256, string_agg(hash, ''::bytea ORDER BY idx)
        FROM (
            SELECT \(key), level, idx, hash, idx % 256 - ROW_NUMBER() OVER (PARTITION BY \(key), level, idx / 256 ORDER BY idx) + 1 AS gap
            FROM \(nodeTable) WHERE level % 8 = 0
        ) AS node
        WHERE gap = 0
        GROUP BY \(key), level / 8, idx / 256
        """
    }
}
