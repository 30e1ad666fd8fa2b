import KioskCore

/// What `kiosk demo` plays: a small PG's roster and a morning of taps at one gate, including a quick re-tap
/// (ignored), a card nobody enrolled (unknown) and a student going out and coming back.
enum DemoScript {
    static let roster = """
        student_id,name,room,tag_uid,status
        S001,Asha Verma,101,04A1B2C3,active
        S002,राहुल शर्मा,102,11223344,active
        S003,Meera Iyer,103,0A0B0C0D,active
        S004,Karthik Rao,104,55667788,active
        S005,Fatima Shaikh,105,04:11:22:33:44:55:66,active
        S006,Arjun Nair,106,99AABBCC,active
        S007,Priya Das,107,DDEEFF00,inactive

        """

    /// The UIDs presented, in order.
    static let taps = [
        "04A1B2C3", "11223344", "04A1B2C3", "0A0B0C0D", "DEADBEEF", "04112233445566", "11223344", "55667788", "04A1B2C3",
    ]
}
