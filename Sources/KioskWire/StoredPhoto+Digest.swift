import Crypto
import Foundation
public import KioskCore

extension StoredPhoto {
    /// A checked photo named by the SHA-256 of its bytes, the same on the hub and on a standalone gate.
    public init(_ photo: StudentPhoto) {
        self.init(
            data: photo.data,
            contentType: photo.format.rawValue,
            digest: SHA256.hash(data: photo.data).map { String(format: "%02x", $0) }.joined()
        )
    }
}
