import KioskCore
import KioskPrinting
import Testing

/// Which scripts names need fonts for, and what the command line's --width makes of the printing settings.
@Suite struct PrintChoiceTests {
    @Test func theScriptsOfTheNamesAreFoundWithAnExampleEach() {
        let used = WritingScript.used(by: ["Asha Verma", "राहुल शर्मा", "முருகன் செல்வம்", "ধ্রুব", "محمد علی", "Priya"])
        #expect(used.map(\.script.name) == ["Latin", "Devanagari", "Bengali", "Tamil", "Arabic"])
        #expect(used.map(\.script.language) == ["en", "hi", "bn", "ta", "ar"])
        #expect(used.map(\.example) == ["Asha Verma", "राहुल शर्मा", "ধ্রুব", "முருகன் செல்வம்", "محمد علی"])
        #expect(WritingScript.used(by: ["123", ""]).isEmpty)
    }

    @Test func aWidthOnTheCommandLinePrintsTheTextOnTheSamePrinter() {
        let configured = PrintSettings(format: .a4, printer: "Office", width: 80)
        #expect(PrintSettings(configured, width: nil) == configured)
        #expect(PrintSettings(configured, width: 48) == PrintSettings(format: .text, printer: "Office", width: 48))
    }
}
