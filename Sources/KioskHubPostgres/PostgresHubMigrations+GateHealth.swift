extension PostgresHubSchema {
    /// The shipped migrations for gate health across a chain (v22: gates found by property), as the SQLite hub's v21.
    static let gateHealthMigrations: [(identifier: String, statements: [String])] = [
        (
            // A property's gates found by an index, not by reading every gate of the chain (P16); as the SQLite hub's
            // `v21`.
            "v22",
            [
                "CREATE INDEX token_by_property ON token (property_id, kiosk_id)",
                "CREATE INDEX kiosk_contact_by_property ON kiosk_contact (property_id)",
            ]
        )
    ]
}
