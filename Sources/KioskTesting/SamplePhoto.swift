public import Foundation

/// The headers of photos for tests: what `StudentPhoto` reads (a JPEG's frame, a PNG's IHDR), claiming any size.
public enum SamplePhoto {
    /// A PNG header claiming `width`×`height`.
    public static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 2, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    /// A JPEG with an APP0 segment, then a baseline frame of `width`×`height`.
    public static func jpeg(width: UInt16, height: UInt16) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08]
        for value in [height, width] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
        return Data(bytes)
    }
}
