/// How a piece of the screen is emphasised; rendered as ANSI colours on a terminal that has them.
public enum ScreenStyle: Sendable, Hashable {
    case plain
    case bold
    case dim
    case banner
    case good
    case warning
    case bad

    var ansi: String {
        switch self {
        case .plain: ""
        case .bold: "\u{1B}[1m"
        case .dim: "\u{1B}[2m"
        case .banner: "\u{1B}[7m"
        case .good: "\u{1B}[1;32m"
        case .warning: "\u{1B}[1;33m"
        case .bad: "\u{1B}[1;31m"
        }
    }
}

/// One line of the screen: text pieces with a style each.
public struct ScreenLine: Sendable, Hashable {
    public var segments: [(text: String, style: ScreenStyle)]

    public init(_ text: String = "", _ style: ScreenStyle = .plain) {
        segments = text.isEmpty ? [] : [(text, style)]
    }

    public static func == (lhs: ScreenLine, rhs: ScreenLine) -> Bool {
        lhs.segments.map(\.text) == rhs.segments.map(\.text) && lhs.segments.map(\.style) == rhs.segments.map(\.style)
    }

    public func hash(into hasher: inout Hasher) {
        for segment in segments {
            hasher.combine(segment.text)
            hasher.combine(segment.style)
        }
    }

    /// Appends a piece.
    public mutating func append(_ text: String, _ style: ScreenStyle = .plain) {
        segments.append((text, style))
    }

    /// The text without styles.
    public var plain: String { segments.map(\.text).joined() }

    /// The line cut to `width` columns, as text with ANSI styles when `colors` is on.
    public func rendered(width: Int, colors: Bool) -> String {
        var remaining = width
        var output = ""
        for segment in segments where remaining > 0 {
            var piece = ""
            for character in segment.text {
                let columns = TerminalColumns.width(of: character)
                guard columns <= remaining else {
                    remaining = 0
                    break
                }
                piece.append(character)
                remaining -= columns
            }
            output += colors && segment.style != .plain ? segment.style.ansi + piece + "\u{1B}[0m" : piece
        }
        return output
    }
}
