import KioskCore
import Testing

@testable import KioskPrinting

/// How the words of `lp` and `lpstat` (C locale) are read.
@Suite struct CUPSAnswerTests {
    @Test func aPrinterThatPrintsAndAcceptsHasNoReason() {
        let status = PrinterStatus(
            name: "PDF",
            printerLines: "printer PDF is idle.  enabled since Mon Nov 23 05:57:00 2026\n",
            acceptanceLines: "PDF accepting requests since Mon Nov 23 05:57:00 2026\n"
        )
        #expect(status.enabled && status.accepting && status.reason == nil)
        #expect(status.summary == "enabled and accepting jobs")
    }

    @Test func aDisabledRejectingPrinterGivesCUPSsReasonOnce() {
        let status = PrinterStatus(
            name: "Office",
            printerLines: "printer Office disabled since Mon Nov 23 05:59:00 2026 -\n\tout of toner\n",
            acceptanceLines: "Office not accepting requests since Mon Nov 23 05:59:00 2026 -\n\tout of toner\n"
        )
        #expect(!status.enabled && !status.accepting)
        #expect(status.summary == "disabled and not accepting jobs (out of toner)")
    }

    @Test func theJobIDAndItsQueueComeFromLpsAnswer() {
        #expect(ReportPrinter.jobID("request id is PDF-12 (1 file(s))\n") == "PDF-12")
        #expect(ReportPrinter.jobID("") == nil)
        #expect(ReportPrinter.queue(of: "Front-Desk-7") == "Front-Desk")
    }
}
