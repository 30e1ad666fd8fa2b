import KioskCore

/// The hub's `[reports]` section: how and where `kiosk-hub report --print` prints.
enum HubReportsSection {
    static let schema = SectionSchema<PrintSettings>(rules: PrintingKeys.rules)
}
