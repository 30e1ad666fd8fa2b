import FuzzDriver
import KioskConfig
import KioskCore

/// Any bytes as kiosk.conf and as the hub's configuration: either a configuration whose values are in range, or
/// one configuration error naming the file.
@_cdecl("FuzzKioskConf_main")
func fuzzKioskConf(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    fuzz(argc: argc, argv: argv) { data, size in
        let text = String(decoding: bytes(data, size), as: UTF8.self)
        do throws(KioskError) {
            let configuration = try ConfigurationLoader.parse(text, file: "/fuzz/kiosk.conf")
            precondition(AttendancePolicy.debounceRange.contains(configuration.attendance.debounceSeconds), "debounce out of range")
            precondition(!configuration.kioskID.isEmpty && configuration.kioskID.count <= RecordLimits.identifier, "bad kiosk id")
            if let sync = configuration.sync {
                precondition((1...65535).contains(sync.hubURL.port ?? 80), "hub port out of range")
            }
        } catch {
            precondition(error.category == .configuration && error.message.hasPrefix("/fuzz/kiosk.conf"), "unexpected error: \(error)")
        }
        do throws(KioskError) {
            let hub = try HubConfigurationLoader.parse(text, file: "/fuzz/hub.conf")
            precondition((0...65535).contains(hub.port), "hub port out of range")
        } catch {
            precondition(error.category == .configuration && error.message.hasPrefix("/fuzz/hub.conf"), "unexpected error: \(error)")
        }
        return 0
    }
}
