import KioskCore

/// The roster the console tests share: three students, one card each.
enum ConsoleFixture {
    static let roster: [RosterRow] = {
        let csv = """
            student_id,name,room,tag_uid
            S001,Asha Verma,101,04A1B2C3
            S002,Priya Nair,102,04A1B2C4
            S003,राहुल शर्मा,103,04A1B2C5

            """
        return (try? RosterCSV.parse(csv, file: "roster.csv")) ?? []
    }()
}
