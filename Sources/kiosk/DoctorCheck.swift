/// One line of `kiosk doctor`: what was checked, and for a problem, the exact fix.
struct DoctorCheck {
    let subject: String
    let problem: String?
    let detail: String
    let fix: String?

    static func ok(_ subject: String, _ detail: String) -> DoctorCheck {
        DoctorCheck(subject: subject, problem: nil, detail: detail, fix: nil)
    }

    static func problem(_ subject: String, _ problem: String, fix: String) -> DoctorCheck {
        DoctorCheck(subject: subject, problem: problem, detail: "", fix: fix)
    }

    var line: String {
        guard let problem else { return "ok       \(subject): \(detail)" }
        return "PROBLEM  \(subject): \(problem) -- fix: \(fix ?? "")"
    }
}
