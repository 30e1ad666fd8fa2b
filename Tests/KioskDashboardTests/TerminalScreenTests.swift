import Foundation
import Testing

@testable import KioskDashboard

@Suite struct TerminalScreenTests {
    /// Draws frames into a pipe and returns what each draw wrote.
    func capture(_ frames: [[ScreenLine]], width: Int = 20, height: Int = 3) -> [String] {
        let pipe = Pipe()
        let screen = TerminalScreen(output: pipe.fileHandleForWriting, colors: false)
        _ = pipe.fileHandleForReading.availableData
        var writes: [String] = []
        for frame in frames {
            screen.draw(frame, width: width, height: height)
            pipe.fileHandleForWriting.write(Data("|".utf8))
            writes.append(String(String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self).dropLast()))
        }
        return writes
    }

    @Test func redrawsOnlyTheLinesThatChanged() {
        let first = [ScreenLine("alpha"), ScreenLine("beta"), ScreenLine("gamma")]
        let second = [ScreenLine("alpha"), ScreenLine("BETA"), ScreenLine("gamma")]
        let writes = capture([first, second, second])
        #expect(writes[0].contains("\u{1B}[1;1Halpha\u{1B}[K"))
        #expect(writes[0].contains("\u{1B}[3;1Hgamma"))
        #expect(writes[1] == "\u{1B}[2;1HBETA\u{1B}[K")
        #expect(writes[2].isEmpty)
    }

    @Test func cutsLinesToTheWidthAndHasNoColoursWhenOff() {
        let writes = capture([[ScreenLine(String(repeating: "x", count: 50), .bad)]], width: 10, height: 1)
        #expect(writes[0].contains("\u{1B}[1;1H" + String(repeating: "x", count: 10) + "\u{1B}[K"))
        #expect(!writes[0].contains("\u{1B}[1;31m"))
    }
}
