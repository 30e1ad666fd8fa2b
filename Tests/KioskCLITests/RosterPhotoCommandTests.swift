import Foundation
import KioskTesting
import Testing

/// `kiosk roster photo` on a standalone kiosk through the real binary, and `kiosk-hub student photo`: a photo taken, and
/// a file that is not one, too large, or an image bomb refused with 65 naming the file and why.
@Suite struct RosterPhotoCommandTests {
    @Test func aStandaloneKioskTakesAPhotoAndRefusesWhatIsNotOne() throws {
        let kiosk = try KioskSandbox().withRoster()
        let photo = kiosk.directory.appendingPathComponent("asha.png")
        try SamplePhoto.png(width: 320, height: 240).write(to: photo)
        let set = try kiosk.kiosk("roster", "photo", "S001", photo.path)
        #expect(set.status == 0 && set.stdout.contains("photo of S001 set (image/png"), "\(set.stderr)")

        let text = try kiosk.write("notes.png", "a note, not a photo\n")
        let notAnImage = try kiosk.kiosk("roster", "photo", "S001", text)
        #expect(notAnImage.status == 65 && notAnImage.stderr.contains("notes.png: not a JPEG or PNG image"), "\(notAnImage.stderr)")
        let bomb = kiosk.directory.appendingPathComponent("bomb.png")
        try SamplePhoto.png(width: 50_000, height: 50_000).write(to: bomb)
        let huge = try kiosk.kiosk("roster", "photo", "S001", bomb.path)
        #expect(huge.status == 65 && huge.stderr.contains("50000×50000 pixels"), "\(huge.stderr)")
        let large = kiosk.directory.appendingPathComponent("large.jpg")
        try (SamplePhoto.jpeg(width: 100, height: 100) + Data(count: 3 * 1024 * 1024)).write(to: large)
        let tooLarge = try kiosk.kiosk("roster", "photo", "S001", large.path)
        #expect(tooLarge.status == 65 && tooLarge.stderr.contains("a photo may be at most 2 MB"), "\(tooLarge.stderr)")
        let stranger = try kiosk.kiosk("roster", "photo", "S999", photo.path)
        #expect(stranger.status == 65 && stranger.stderr.contains("unknown student 'S999'"), "\(stranger.stderr)")
    }

    @Test func theHubTakesAPhotoForAStudentOfTheProperty() throws {
        let hub = try HubSandbox()
        #expect(
            try hub.hub("roster", "import", try hub.write("roster.csv", "student_id,name,room,tag_uid\nS001,Asha Verma,101,04A1B2C3\n")).status == 0
        )
        let photo = try hub.write("asha.jpg", "")
        try SamplePhoto.jpeg(width: 300, height: 400).write(to: URL(fileURLWithPath: photo))
        let set = try hub.hub("student", "photo", "S001", photo)
        #expect(set.status == 0 && set.stdout.contains("photo of S001 set (image/jpeg"), "\(set.stderr)")
        let stranger = try hub.hub("student", "photo", "S999", photo)
        #expect(stranger.status == 65 && stranger.stderr.contains("unknown student 'S999'"), "\(stranger.stderr)")
    }
}
