public import ArgumentParser
public import Foundation
public import KioskCore

/// The arguments of `kiosk roster photo` and `kiosk-hub student photo`, read the same way by both: the student and a
/// photo file, checked by `StudentPhoto` (a file that is not such a photo is bad data, 65, naming it and why).
public struct PhotoArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The student id, as the roster gives it.", valueName: "id"))
    public var id: String

    @Argument(help: ArgumentHelp("The photo: a JPEG or PNG of at most 2 MB and 4096 pixels a side.", valueName: "file"))
    public var file: String

    public init() {}

    /// The file's bytes, read whole (66 when it cannot be).
    public func data() throws(KioskError) -> Data {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw KioskError(.noInput, "\(file): no such file or not readable")
        }
        return data
    }

    /// The file checked as a photo.
    public func photo() throws(KioskError) -> StudentPhoto {
        try StudentPhoto(try data(), source: file)
    }
}
