import Foundation
import KioskCore

extension DoctorChecks {
    /// The USB IDs of the readers `udev/99-kiosk-readers.rules` covers: vendor, and product or nil for any.
    static let knownReaders: [(vendor: String, product: String?)] = [
        ("072f", nil), ("04e6", "5591"), ("054c", "06c1"), ("054c", "06c3"), ("04cc", "2533"),
    ]

    /// Every attached USB reader the kiosk knows can be opened by this user (libnfc opens it directly; pcscd,
    /// running as root, does not need this). `sysfs` and `devices` are parameters so tests can stage them.
    func usbPermissions(sysfs: String = "/sys/bus/usb/devices", devices: String = "/dev/bus/usb") -> DoctorCheck {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: sysfs)) ?? []
        var found: [String] = []
        var denied: [String] = []
        for entry in entries.sorted() {
            let directory = (sysfs as NSString).appendingPathComponent(entry)
            func attribute(_ name: String) -> String? {
                (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let vendor = attribute("idVendor"), let product = attribute("idProduct"),
                Self.knownReaders.contains(where: { $0.vendor == vendor && ($0.product == nil || $0.product == product) }),
                let bus = attribute("busnum").flatMap(Int.init), let device = attribute("devnum").flatMap(Int.init)
            else { continue }
            let node = devices + "/" + String(format: "%03d/%03d", bus, device)
            found.append("\(vendor):\(product)")
            if access(node, R_OK | W_OK) != 0 { denied.append("\(vendor):\(product) at \(node)") }
        }
        guard denied.isEmpty else {
            return .problem(
                "USB permissions",
                "this user cannot open \(denied.joined(separator: ", "))",
                fix: "sudo cp udev/99-kiosk-readers.rules /etc/udev/rules.d/ && sudo udevadm control --reload && sudo udevadm trigger; "
                    + "add the kiosk's user to group kiosk and replug the reader"
            )
        }
        return .ok("USB permissions", found.isEmpty ? "no known USB reader attached" : "this user can open \(found.joined(separator: ", "))")
    }

    /// Where pcsc-lite is built with polkit, the kiosk's user needs the `access_pcsc` and `access_card` actions.
    /// `policy` is the polkit action file pcscd installs when it uses polkit.
    func polkit(policy: String = "/usr/share/polkit-1/actions/org.debian.pcsc-lite.policy", pcscReachable: Bool) -> DoctorCheck {
        guard FileManager.default.fileExists(atPath: policy) else { return .ok("polkit", "pcscd does not use polkit here") }
        guard !pcscReachable else { return .ok("polkit", "pcscd allows this user (access_pcsc)") }
        return .problem(
            "polkit",
            "pcscd uses polkit and refused this user (org.debian.pcsc-lite.access_pcsc)",
            fix: "add /etc/polkit-1/rules.d/50-kiosk-pcsc.rules allowing group kiosk the actions "
                + "org.debian.pcsc-lite.access_pcsc and org.debian.pcsc-lite.access_card, then restart pcscd"
        )
    }
}
