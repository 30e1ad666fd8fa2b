public import Foundation

/// Draws frames on a terminal in place: the alternate screen, cursor hidden, and only the lines that changed
/// rewritten, so nothing scrolls or flickers. A new size redraws everything.
public final class TerminalScreen {
    private let output: FileHandle
    private let colors: Bool
    private var previous: [String] = []
    private var size: (width: Int, height: Int)?
    /// Why the terminal could not be written to (it went away, a closed pipe, a full disk), once that happened;
    /// nothing more is written then.
    public private(set) var failure: String?

    /// - Parameters:
    ///   - output: the terminal.
    ///   - colors: whether to use ANSI colours (e.g. off when `NO_COLOR` is set or TERM is `dumb`).
    public init(output: FileHandle = .standardOutput, colors: Bool) {
        self.output = output
        self.colors = colors
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Draws one frame of `lines` for a terminal of `width` × `height`.
    public func draw(_ lines: [ScreenLine], width: Int, height: Int) {
        let rendered = lines.prefix(height).map { $0.rendered(width: width, colors: colors) }
        var frame = ""
        if size.map({ $0 != (width, height) }) ?? true {
            frame += "\u{1B}[2J"
            previous = []
            size = (width, height)
        }
        for (row, line) in rendered.enumerated() where row >= previous.count || previous[row] != line {
            frame += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[K"
        }
        previous = rendered
        if !frame.isEmpty { write(frame) }
    }

    /// Leaves the alternate screen and shows the cursor again, then writes `rows` (rendered lines) on the normal
    /// screen, where they stay.
    public func restore(keeping rows: [String] = []) {
        write("\u{1B}[?25h\u{1B}[?1049l" + rows.map { $0 + "\n" }.joined())
    }

    private func write(_ text: String) {
        guard failure == nil else { return }
        do {
            try output.write(contentsOf: Data(text.utf8))
        } catch {
            failure = error.localizedDescription
        }
    }
}
