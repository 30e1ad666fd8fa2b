import Glibc

/// Free space where the journal lives.
enum DiskSpace {
    /// Below this the live summary warns that the disk is nearly full.
    static let lowWater: UInt64 = 100_000_000

    /// Bytes available to the kiosk on the filesystem holding `path`, or nil when it cannot be read.
    static func freeBytes(at path: String) -> UInt64? {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { return nil }
        return UInt64(stats.f_bavail) * UInt64(stats.f_frsize)
    }
}
