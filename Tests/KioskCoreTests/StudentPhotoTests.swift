import Foundation
import KioskCore
import KioskTesting
import Testing

/// A student's photo is read from its bytes: JPEG or PNG, at most 2 MB and 4096 pixels a side; anything else is
/// refused naming the source and the reason, before any decoding.
@Suite struct StudentPhotoTests {
    @Test func jpegAndPngGiveTheirFormatAndSize() throws {
        let png = try StudentPhoto(SamplePhoto.png(width: 640, height: 480), source: "asha.png")
        #expect(png.format == .png && png.width == 640 && png.height == 480)
        let jpeg = try StudentPhoto(SamplePhoto.jpeg(width: 300, height: 400), source: "asha.jpg")
        #expect(jpeg.format == .jpeg && jpeg.width == 300 && jpeg.height == 400)
    }

    @Test func anythingElseIsRefusedWithTheReason() {
        let cases: [(Data, String)] = [
            (Data("GIF89a".utf8), "asha.png: not a JPEG or PNG image"),
            (Data(), "asha.png: the file is empty"),
            (Data(repeating: 0xFF, count: StudentPhoto.maximumBytes + 1), "asha.png: 2.0 MB; a photo may be at most 2 MB"),
            (SamplePhoto.png(width: 100_000, height: 100_000), "asha.png: 100000×100000 pixels; a photo may be at most 4096 pixels a side"),
            (SamplePhoto.jpeg(width: 5000, height: 10), "asha.png: 5000×10 pixels"),
            (SamplePhoto.png(width: 0, height: 10), "asha.png: a damaged image"),
            (Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]), "asha.png: a damaged image"),
            (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]), "asha.png: a damaged image"),
        ]
        for (data, message) in cases {
            let error = #expect(throws: KioskError.self) { try StudentPhoto(data, source: "asha.png") }
            #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
            #expect(error?.category == .dataError)
        }
    }
}
