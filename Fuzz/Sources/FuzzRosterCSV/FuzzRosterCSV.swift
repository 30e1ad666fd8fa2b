import FuzzDriver
import KioskCore

/// Any bytes as a roster file: rows parsed from it have every required value, no control character and a valid
/// UID, one student per UID; an error is bad data naming the file.
@_cdecl("FuzzRosterCSV_main")
func fuzzRosterCSV(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    fuzz(argc: argc, argv: argv) { data, size in
        let text = String(decoding: bytes(data, size), as: UTF8.self)
        do throws(KioskError) {
            let rows = try RosterCSV.parse(text, file: "fuzz.csv")
            var owners: [TagUID: String] = [:]
            for row in rows {
                for value in [row.student.id, row.student.name, row.student.room] {
                    precondition(!value.isEmpty, "empty value on line \(row.line)")
                    precondition(
                        !value.unicodeScalars.contains { $0.properties.generalCategory == .control },
                        "control character on line \(row.line)"
                    )
                }
                precondition(row.student.id.count <= RecordLimits.identifier, "student id too long on line \(row.line)")
                precondition(owners[row.uid, default: row.student.id] == row.student.id, "UID \(row.uid) given to two students")
                owners[row.uid] = row.student.id
            }
        } catch {
            precondition(error.category == .dataError && error.message.hasPrefix("fuzz.csv"), "unexpected error: \(error)")
        }
        return 0
    }
}
