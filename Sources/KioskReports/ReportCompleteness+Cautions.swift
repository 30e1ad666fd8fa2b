import KioskCore

extension ReportCompleteness {
    /// One sentence per reason records may be missing from the report or counted on the wrong day; empty when none.
    var cautions: [String] {
        var cautions: [String] = []
        if pending > 0 {
            cautions.append("\(ReportWording.count(pending, "record")) not yet acknowledged by a hub.")
        }
        if quarantined > 0 {
            cautions.append("\(ReportWording.count(quarantined, "record")) rejected by the hub and quarantined.")
        }
        if unsynchronisedClockReads > 0 {
            cautions.append(
                "\(ReportWording.count(unsynchronisedClockReads, "read")) recorded while the clock was unsynchronised: their times may be wrong."
            )
        }
        return cautions
    }

    /// The one-line verdict on completeness that heads the cautions.
    var verdict: String {
        cautions.isEmpty ? "Complete: every record has been acknowledged by a hub." : "The data may be incomplete:"
    }
}
