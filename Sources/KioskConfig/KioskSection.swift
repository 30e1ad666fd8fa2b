import KioskCore

/// The `[kiosk]` section: the kiosk's identity and where its journal lives.
enum KioskSection {
    static let schema = SectionSchema<KioskConfiguration>(rules: [
        .string("id") { configuration, id throws(ValueProblem) in
            guard !id.isEmpty else { throw ValueProblem("the kiosk id is empty (got '')") }
            guard id.count <= RecordLimits.identifier else {
                throw ValueProblem("the kiosk id has \(id.count) characters; give at most \(RecordLimits.identifier)")
            }
            guard id.allSatisfy(allowedInID.contains) else {
                throw ValueProblem("\(ValueProblem.quote(id)) is not a kiosk id: use only ASCII letters, digits, '-', '_' and '.'")
            }
            configuration.kioskID = id
        },
        .string("data_dir") { configuration, directory throws(ValueProblem) in
            guard !directory.isEmpty else { throw ValueProblem("the data directory is empty (got '')") }
            configuration.dataDirectory = directory
        },
    ])

    /// A kiosk id is part of every record and every file name the hub keeps, so it stays plain.
    private static let allowedInID = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
}
