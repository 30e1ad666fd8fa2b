/// Whether two secrets are equal, in time that depends only on their lengths: what a token, a MAC or a form's CSRF
/// value is compared with.
public func constantTimeEqual(_ first: some Collection<UInt8>, _ second: some Collection<UInt8>) -> Bool {
    guard first.count == second.count else { return false }
    return zip(first, second).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
}
