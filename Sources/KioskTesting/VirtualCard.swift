public import Foundation

/// A card on a vpcd virtual reader: Tests/Fixtures/virtual_card.py, presented for `hold` seconds and then
/// removed. It records the APDUs it received, so tests can check the LED and buzzer feedback.
public struct VirtualCard: Sendable {
    /// What the card is.
    public enum Kind: Sendable {
        /// A card known by its UID alone: every command but GET DATA is refused (a UID-only clone too).
        case uidOnly
        /// An NTAG 424 DNA showing a SUN made with the two keys (`META:FILE`, hex), its read counter kept in a file.
        case ntag424(keys: String, counterFile: URL)
        /// A Type 4 tag showing this one URI at every read (a recorded SUN replayed, or a forged one).
        case recorded(uri: String)
    }

    /// vpcd's ports: "Kiosk Reader 00 00" and "Kiosk Reader 00 01" (scripts/pcscd-fixture.sh).
    public static let firstReaderPort = 35963
    public static let secondReaderPort = 35964

    /// Tests/Fixtures/virtual_card.py of the checkout this was built from.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/virtual_card.py")

    public let uid: String
    public let apduLog: URL
    public let kind: Kind
    /// The card leaves the reader when this many command APDUs were answered (taken away during a read).
    public let removeAfter: Int?

    public init(uid: String, kind: Kind = .uidOnly, removeAfter: Int? = nil) {
        self.uid = uid
        self.kind = kind
        self.removeAfter = removeAfter
        apduLog = FileManager.default.temporaryDirectory.appendingPathComponent("card-\(UUID().uuidString).log")
    }

    /// The script's arguments for `kind` and `removeAfter`.
    private var kindArguments: [String] {
        var arguments: [String]
        switch kind {
        case .uidOnly: arguments = []
        case .ntag424(let keys, let counterFile): arguments = ["--sun-keys", keys, "--counter-file", counterFile.path]
        case .recorded(let uri): arguments = ["--recorded-uri", uri]
        }
        if let removeAfter { arguments += ["--remove-after", "\(removeAfter)"] }
        return arguments
    }

    /// pcscd can miss a card presented within ~0.6 s of the last removal (FIXTURES.md): the gap kept between cards.
    public static let gapBetweenCards = 0.9

    /// Presents the card and returns when it has been removed again; the result is when it was presented. With
    /// `untilFeedback` the card stays past `hold` until the reader's LED and buzzer command came, as a person waits
    /// for the beep, so a test of that feedback does not depend on how fast the commit was.
    @discardableResult
    public func tap(port: Int = firstReaderPort, hold: Double = 0.6, untilFeedback: Bool = false) async throws -> Date {
        try await Self.keepGap()
        defer { LastRemoval.shared.mark() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", Self.script.path, "--port", "\(port)", "--uid", uid, "--hold", "\(hold)", "--apdu-log", apduLog.path] + kindArguments
            + (untilFeedback ? ["--until-feedback"] : [])
        let output = Pipe()
        process.standardOutput = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard status == 0, let line = text.split(separator: "\n").first(where: { $0.hasPrefix("presented ") }),
            let epoch = Double(line.dropFirst("presented ".count))
        else { throw VirtualCardError(output: text) }
        return Date(timeIntervalSince1970: epoch)
    }

    /// Waits until pcscd has surely seen the last card leave: before a card, and before a reader starts (else it
    /// may still report the card that just left).
    public static func keepGap() async throws {
        try await Task.sleep(for: .seconds(LastRemoval.shared.remainingGap(gapBetweenCards)))
    }

    /// The command APDUs the card received, as uppercase hex.
    public var receivedAPDUs: [String] {
        ((try? String(contentsOf: apduLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The LED and buzzer pseudo-APDUs among them.
    public var feedbackAPDUs: [String] { receivedAPDUs.filter { $0.hasPrefix("FF0040") } }
}

/// When the last virtual card left a reader, so the next one keeps the gap pcscd needs.
final class LastRemoval: @unchecked Sendable {
    static let shared = LastRemoval()
    // `lock` guards `instant`.
    private let lock = NSLock()
    private var instant = Date.distantPast

    func mark() { lock.withLock { instant = Date() } }

    func remainingGap(_ gap: Double) -> Double {
        lock.withLock { max(0, gap - Date().timeIntervalSince(instant)) }
    }
}

/// The virtual card did not run as expected; `output` is what it printed.
public struct VirtualCardError: Error {
    public let output: String

    public init(output: String) { self.output = output }
}
