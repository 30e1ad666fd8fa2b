import CSystemClock
import Foundation
import KioskCards
import KioskConfig
import KioskCore
import KioskReaders

/// The installation checks of `kiosk doctor`, each with the exact fix for what it finds.
struct DoctorChecks {
    let configuration: KioskConfiguration

    /// The data directory exists (or can be made) and a file can be written in it.
    func dataDirectory() -> DoctorCheck {
        let directory = configuration.dataDirectory
        let probe = (directory as NSString).appendingPathComponent(".kiosk-doctor-\(getpid())")
        do {
            try OwnerOnlyDirectory.create(directory, noun: "data directory")
            try Data().write(to: URL(fileURLWithPath: probe))
            try FileManager.default.removeItem(atPath: probe)
            return .ok("data directory", "\(directory) is writable")
        } catch {
            return .problem(
                "data directory",
                "\(directory) is not writable (\((error as? KioskError)?.message ?? error.localizedDescription))",
                fix: "sudo install -d -o kiosk -g kiosk \(directory), or set data_dir in the [kiosk] section"
            )
        }
    }

    /// The kernel says the system clock is synchronised, so recorded times can be trusted.
    func clock() -> DoctorCheck {
        guard kiosk_clock_synchronised() == 0 else { return .ok("clock", "the system clock is synchronised") }
        return .problem(
            "clock",
            "the system clock is not synchronised (reads are recorded but flagged in reports)",
            fix: "sudo timedatectl set-ntp true, and check `timedatectl status` until it says synchronized: yes"
        )
    }

    /// Where the kiosk package puts the blacklist of the kernel's NFC modules (it applies from the next boot).
    static let packagedBlacklist = "/lib/modprobe.d/kiosk-blacklist-pn533.conf"

    /// The kernel's NFC modules take ACR122U-class readers away from pcscd and libnfc.
    func kernelModules() -> DoctorCheck {
        let loaded = ["pn533_usb", "pn533", "nfc"].filter { FileManager.default.fileExists(atPath: "/sys/module/\($0)") }
        guard !loaded.isEmpty else { return .ok("kernel modules", "pn533, pn533_usb and nfc are not loaded") }
        return .problem(
            "kernel modules",
            "\(loaded.joined(separator: ", ")) loaded: they grab ACR122U-class readers before pcscd or libnfc can",
            fix: (FileManager.default.fileExists(atPath: Self.packagedBlacklist) ? "" : "sudo cp udev/blacklist-pn533.conf /etc/modprobe.d/ && ")
                + "sudo modprobe -r \(loaded.joined(separator: " "))"
        )
    }

    /// The SUN keys file loads, and no keyboard-wedge reader is asked to verify cards it cannot ask for a SUN.
    func cards() -> [DoctorCheck] {
        guard let path = configuration.cards.sunKeysFile else {
            return [.ok("cards", "known by their UID alone (no [cards] sun_keys_file)")]
        }
        do {
            _ = try SunKeys.load(path: path)
        } catch {
            return [.problem("cards", error.message, fix: "write `meta = <32 hex>` and `file = <32 hex>` in \(path), then chmod 600 \(path)")]
        }
        let wedges = configuration.readers.filter { $0.driver == .keyboard }
        return [.ok("cards", "SUN keys in \(path)" + (configuration.cards.requireSun ? "; every card must show a valid SUN" : ""))]
            + wedges.map { reader in
                .problem(
                    "reader \(reader.name)",
                    "a keyboard-wedge reader cannot read a card's SUN: its reads of secured tags are refused (not_verified)",
                    fix: "use a PC/SC or libnfc reader at this gate for SUN cards, or remove [cards] sun_keys_file"
                )
            }
    }

    /// Keyboard-wedge devices exist and can be read.
    func keyboardDevices() -> [DoctorCheck] {
        configuration.readers.filter { $0.driver == .keyboard && !$0.match.isEmpty }.map { reader in
            guard access(reader.match, R_OK) == 0 else {
                return .problem(
                    "reader \(reader.name)",
                    "cannot read \(reader.match) (\(String(cString: strerror(errno))))",
                    fix: "check the path with `ls -l /dev/input/by-id/`, and install udev/99-kiosk-readers.rules so group kiosk may read it"
                )
            }
            return .ok("reader \(reader.name)", "keyboard device \(reader.match) is readable")
        }
    }

    /// A libnfc USB driver and pcscd must not both claim one reader: each takes the device exclusively.
    func libnfcAgainstPCSC() -> DoctorCheck? {
        let usb = configuration.readers.filter { $0.driver == .libnfc && ($0.match.isEmpty || $0.match.contains("_usb")) }
        guard !usb.isEmpty else { return nil }
        guard FileManager.default.fileExists(atPath: "/run/pcscd/pcscd.pid") else {
            return .ok("libnfc", "pcscd is not running, so it cannot take the USB reader from libnfc")
        }
        return .problem(
            "libnfc",
            "reader \(usb.map(\.name).joined(separator: ", ")) uses a libnfc USB driver while pcscd runs: both claim the same USB readers",
            fix: "use driver = \"pcsc\" for that reader, or stop pcscd: sudo systemctl disable --now pcscd.socket pcscd"
        )
    }

    /// At least one reader is configured.
    func readersConfigured() -> DoctorCheck {
        guard configuration.readers.isEmpty else {
            return .ok("readers", "\(configuration.readers.count) configured: \(configuration.readers.map(\.name).joined(separator: ", "))")
        }
        return .problem("readers", "no reader configured", fix: "add a [[readers]] block to the configuration (see kiosk.conf)")
    }
}
