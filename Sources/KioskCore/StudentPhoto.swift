public import Foundation

/// A student's photo as the gate's screen shows it (CONTRACT.md "The gate's screen"): a JPEG or a PNG of at most
/// 2 MB and at most 4096 pixels a side, its type read from its bytes (never its name), its size from its header, so
/// an image that would decode to gigabytes is refused before anything decodes it.
public struct StudentPhoto: Sendable, Hashable {
    /// What the bytes are.
    public enum Format: String, Sendable, Hashable {
        case jpeg = "image/jpeg"
        case png = "image/png"
    }

    public let data: Data
    public let format: Format
    public let width: Int
    public let height: Int

    /// The largest photo taken, in bytes.
    public static let maximumBytes = 2 * 1024 * 1024
    /// The longest side taken, in pixels.
    public static let maximumSide = 4096

    /// Checks `data`; a problem is bad data (65) naming `source` (a file, or a form's field) and what is wrong.
    public init(_ data: Data, source: String) throws(KioskError) {
        guard !data.isEmpty else { throw KioskError(.dataError, "\(source): the file is empty; give a JPEG or PNG photo") }
        guard data.count <= Self.maximumBytes else {
            let megabytes = String(format: "%.1f", Double(data.count) / 1_048_576)
            throw KioskError(.dataError, "\(source): \(megabytes) MB; a photo may be at most 2 MB")
        }
        let bytes = [UInt8](data)
        let found: (Format, Int, Int)?
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            found = Self.pngSize(bytes).map { (.png, $0.width, $0.height) }
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            found = Self.jpegSize(bytes).map { (.jpeg, $0.width, $0.height) }
        } else {
            throw KioskError(.dataError, "\(source): not a JPEG or PNG image; give a photo in one of those formats")
        }
        guard let (format, width, height) = found, width > 0, height > 0 else {
            throw KioskError(.dataError, "\(source): a damaged image (its size cannot be read); save the photo again as JPEG or PNG")
        }
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw KioskError(.dataError, "\(source): \(width)×\(height) pixels; a photo may be at most \(Self.maximumSide) pixels a side")
        }
        self.data = data
        self.format = format
        self.width = width
        self.height = height
    }

    /// A PNG's size from its IHDR chunk, which must come first.
    private static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        return (bigEndian(bytes[16..<20]), bigEndian(bytes[20..<24]))
    }

    /// A JPEG's size from its first start-of-frame segment, walking the segments before it.
    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1  // fill byte
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2  // a marker without a segment
                continue
            }
            let length = bigEndian(bytes[(index + 2)..<(index + 4)])
            guard length >= 2 else { return nil }
            let startOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if startOfFrame {
                guard index + 9 <= bytes.count else { return nil }
                return (bigEndian(bytes[(index + 7)..<(index + 9)]), bigEndian(bytes[(index + 5)..<(index + 7)]))
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan data or the end before any frame
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
