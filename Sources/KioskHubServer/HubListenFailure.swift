import Foundation
public import KioskCore
import KioskHubStorage
import NIOCore

/// Why `kiosk-hub serve` could not start listening, in a sentence with its exit status: a port in use is
/// unavailable (69); an address that is not this machine's, or not an address at all, is configuration (78); a privileged port is permission (77).
public enum HubListenFailure {
    /// The explanation of `error`, thrown while starting to listen on `host`:`port`, or nil when it is not a
    /// listening failure.
    public static func explain(_ error: any Error, host: String, port: Int) -> KioskError? {
        let place = "\(host):\(port)"
        if let error = error as? IOError {
            switch error.errnoCode {
            case EADDRINUSE:
                return KioskError(
                    .unavailable,
                    "cannot listen on \(place): the port is in use (another kiosk-hub?); choose another with --port or [hub] port"
                )
            case EADDRNOTAVAIL:
                return KioskError(
                    .configuration,
                    "cannot listen on \(place): \(host) is not an address of this machine; set --host or [hub] host to one of its addresses, or 0.0.0.0 for all"
                )
            case EACCES:
                return KioskError(
                    .noPermission,
                    "cannot listen on \(place): port \(port) needs a privilege this process lacks; use a port from 1024 up"
                )
            default:
                return nil
            }
        }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost {
            return KioskError(
                .configuration,
                "cannot listen on '\(host)': not an IP address or a name this machine resolves; check --host or [hub] host"
            )
        }
        return nil
    }
}
