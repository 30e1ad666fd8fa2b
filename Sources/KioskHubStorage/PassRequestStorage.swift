public import Foundation
public import KioskCore

/// One parent's link to decide one pass request: only its token's hash is kept.
public struct ApprovalLink: Sendable, Hashable {
    /// SHA-256 of the token, hex.
    public let tokenHash: String
    public let property: String
    public let requestID: String
    /// The contact the link was sent to.
    public let contact: String
    /// It decides nothing from this instant on.
    public let expiresAt: Date

    public init(tokenHash: String, property: String, requestID: String, contact: String, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.property = property
        self.requestID = requestID
        self.contact = contact
        self.expiresAt = expiresAt
    }
}

/// Each property's pass requests and the approval links sent to parents (CONTRACT.md "Parents"). A request goes with
/// its student; its links go with it.
public protocol PassRequestStorage: Sendable {
    /// Stores a new request of `property` with its approval links; false when the student is unknown or inactive.
    func addPassRequest(_ request: PassRequest, links: [ApprovalLink], property: String) async throws(KioskError) -> Bool
    /// The requests of `property`, newest first.
    func passRequests(property: String) async throws(KioskError) -> [PassRequest]
    /// The request `id` of `property`, nil when there is none.
    func passRequest(id: String, property: String) async throws(KioskError) -> PassRequest?
    /// The link whose token hashes to `tokenHash`, nil when there is none.
    func approvalLink(tokenHash: String) async throws(KioskError) -> ApprovalLink?
    /// Decides the request `id` of `property` if it is still undecided, adding `decision`'s pass (`pass`, made for an
    /// approval) in the same transaction; false when it was decided already or does not exist.
    func decidePassRequest(id: String, property: String, decision: PassRequest.Decision, pass: LeavePass?) async throws(KioskError) -> Bool
}
