import KioskCore
import TOMLKit

/// The `[[readers]]` entries: each reader's driver, what it matches, and the direction it gives.
enum ReaderSection {
    /// One entry as written; the name defaults once the driver and position are known.
    struct Draft {
        var name: String?
        var driver: ReaderDriver?
        var match = ""
        var direction = ReaderDirection.toggle
        var byteOrder = UIDByteOrder.standard
    }

    static let schema = SectionSchema<Draft>(rules: [
        .string("name") { reader, name throws(ValueProblem) in
            guard !name.allSatisfy(\.isWhitespace) else { throw ValueProblem("the name is empty (got \(ValueProblem.quote(name)))") }
            guard name.count <= RecordLimits.identifier else {
                throw ValueProblem("the name has \(name.count) characters; give at most \(RecordLimits.identifier)")
            }
            if let control = RecordLimits.controlCharacter(in: name) {
                throw ValueProblem("the name \(ValueProblem.quote(name)) holds the control character \(control); give plain text")
            }
            reader.name = name
        },
        .choice("driver", of: ReaderDriver.self, noun: "a driver") { reader, driver in reader.driver = driver }
            .required("give one of pcsc, libnfc or keyboard"),
        .string("match") { reader, match in reader.match = match },
        .choice("direction", of: ReaderDirection.self, noun: "a direction") { reader, direction in reader.direction = direction },
        .choice("byte_order", of: UIDByteOrder.self, noun: "a byte order") { reader, order in reader.byteOrder = order },
    ])

    /// Reads the `readers` array of tables: every entry, the default names `<driver>-<n>`, and no two
    /// readers with one name (`kiosk tap --reader NAME` must find exactly one).
    static func read(_ value: any TOMLValueConvertible, problems: inout ConfigurationProblems) -> [ReaderConfiguration] {
        guard let entries = value.array else {
            problems.add(
                "expected an array of tables, written [[readers]] (got \(ValueProblem.describe(value)))",
                at: ConfigurationKeyPath(section: "readers")
            )
            return []
        }
        var readers: [ReaderConfiguration] = []
        var positionOfName: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let path = ConfigurationKeyPath(section: "readers", index: index)
            var draft = Draft()
            schema.read(entry, into: &draft, at: path, problems: &problems)
            guard let driver = draft.driver else { continue }
            let name = draft.name ?? "\(driver.rawValue)-\(index + 1)"
            if let earlier = positionOfName[name] {
                let which = draft.name == nil ? "the default name " : ""
                problems.add(
                    "\(which)\(ValueProblem.quote(name)) is already the name of [readers #\(earlier + 1)]",
                    at: path.appending("name"),
                    lineOf: draft.name == nil ? path : nil
                )
            }
            positionOfName[name] = positionOfName[name] ?? index
            readers.append(
                ReaderConfiguration(name: name, driver: driver, match: draft.match, direction: draft.direction, byteOrder: draft.byteOrder)
            )
        }
        return readers
    }
}
