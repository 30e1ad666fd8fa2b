/// An RFC 4180 reader that keeps the line each record starts on, for error messages.
enum CSVRecords {
    struct Record {
        let line: Int
        let fields: [String]
    }

    static func parse(_ text: String, file: String) throws(KioskError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoted = false
        var fieldWasQuoted = false
        var characters = text.makeIterator()
        var pending = characters.next()
        func endRecord() {
            fields.append(field)
            records.append(Record(line: recordLine, fields: fields))
            fields = []
            field = ""
            fieldWasQuoted = false
        }
        while let character = pending {
            pending = characters.next()
            if quoted {
                if character == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = characters.next()
                    } else {
                        quoted = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty && !fieldWasQuoted:
                quoted = true
                fieldWasQuoted = true
            case "\"":
                throw KioskError(.dataError, "\(file):\(line): stray quote in an unquoted field (quote the whole field and double inner quotes)")
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\n", "\r\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default:
                guard !fieldWasQuoted else {
                    throw KioskError(.dataError, "\(file):\(line): text after a closing quote")
                }
                field.append(character)
            }
        }
        if quoted { throw KioskError(.dataError, "\(file):\(recordLine): a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}
