import Foundation
import Logging

/// The lines of swift-log's `StreamLogHandler` with the time to the millisecond
/// (`2026-11-27T18:02:03.125+0530 info kiosk: reader=gate [KioskDaemon] gate: IN S001 Asha`), so a read's log line
/// can be set against what the gate's screen showed and when.
struct MillisecondLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let descriptor: Int32

    /// Writes to standard output, or standard error with `toStandardError`.
    init(label: String, toStandardError: Bool) {
        self.label = label
        descriptor = toStandardError ? STDERR_FILENO : STDOUT_FILENO
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let given = event.metadata { merged.merge(given) { $1 } }
        let pretty = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let line = "\(Self.timestamp()) \(event.level) \(label):\(pretty) [\(event.source)] \(event.message)\n"
        // One write per line, so lines from several threads never interleave.
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Local time, `%Y-%m-%dT%H:%M:%S.mmm%z`.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var local = tm()
        localtime_r(&seconds, &local)
        var date = [CChar](repeating: 0, count: 32)
        var zone = [CChar](repeating: 0, count: 8)
        strftime(&date, date.count, "%Y-%m-%dT%H:%M:%S", &local)
        strftime(&zone, zone.count, "%z", &local)
        let millis = now.tv_nsec / 1_000_000
        return text(date) + "." + String(format: "%03ld", millis) + text(zone)
    }

    private static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
