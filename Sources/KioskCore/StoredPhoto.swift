public import Foundation

/// A student's photo as the hub and the gates keep it: checked bytes (`StudentPhoto`), their type and their SHA-256
/// (hex), which names the photo to the kiosks that pull it.
public struct StoredPhoto: Sendable, Hashable {
    public let data: Data
    /// `image/jpeg` or `image/png`.
    public let contentType: String
    public let digest: String

    public init(data: Data, contentType: String, digest: String) {
        self.data = data
        self.contentType = contentType
        self.digest = digest
    }
}
