import Foundation
import KioskCore
import Testing

@testable import kiosk

@Suite struct DoctorUSBTests {
    /// A staged sysfs with one ACR122U on bus 1, device 4, and a /dev/bus/usb tree.
    func stage(withNode: Bool) throws -> (sysfs: String, devices: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("usb-\(UUID().uuidString)").path
        let reader = root + "/sys/1-1"
        try FileManager.default.createDirectory(atPath: reader, withIntermediateDirectories: true)
        for (name, value) in [("idVendor", "072f"), ("idProduct", "2200"), ("busnum", "1"), ("devnum", "4")] {
            try (value + "\n").write(toFile: reader + "/" + name, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: root + "/sys/usb1", withIntermediateDirectories: true)
        try "1d6b\n".write(toFile: root + "/sys/usb1/idVendor", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/dev/001", withIntermediateDirectories: true)
        if withNode { try Data().write(to: URL(fileURLWithPath: root + "/dev/001/004")) }
        return (root + "/sys", root + "/dev")
    }

    @Test func anOpenableReaderIsOkAndAMissingNodeIsAProblemWithTheFix() throws {
        let doctor = DoctorChecks(configuration: KioskConfiguration())
        let good = try stage(withNode: true)
        #expect(doctor.usbPermissions(sysfs: good.sysfs, devices: good.devices).line == "ok       USB permissions: this user can open 072f:2200")
        let bad = try stage(withNode: false)
        let line = doctor.usbPermissions(sysfs: bad.sysfs, devices: bad.devices).line
        #expect(line.hasPrefix("PROBLEM  USB permissions: this user cannot open 072f:2200 at \(bad.devices)/001/004"))
        #expect(line.contains("99-kiosk-readers.rules"))
        #expect(doctor.usbPermissions(sysfs: "/nonexistent", devices: "/nonexistent").line.contains("no known USB reader attached"))
    }

    @Test func polkitIsNamedOnlyWhereItIsInUseAndRefuses() throws {
        let doctor = DoctorChecks(configuration: KioskConfiguration())
        let policy = FileManager.default.temporaryDirectory.appendingPathComponent("pcsc-\(UUID().uuidString).policy").path
        #expect(doctor.polkit(policy: policy, pcscReachable: false).problem == nil)
        try "<policyconfig/>".write(toFile: policy, atomically: true, encoding: .utf8)
        #expect(doctor.polkit(policy: policy, pcscReachable: true).problem == nil)
        let refused = doctor.polkit(policy: policy, pcscReachable: false)
        #expect(refused.line.contains("org.debian.pcsc-lite.access_pcsc"))
        #expect(refused.fix?.contains("/etc/polkit-1/rules.d/") == true)
    }
}
