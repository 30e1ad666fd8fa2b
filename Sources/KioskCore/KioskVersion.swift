/// The version of this build of the kiosk programs: what `--version` prints, a gate's heartbeat reports, the hub's
/// `kiosk_hub_build_info` metric carries and the Debian packages are numbered by.
public enum KioskVersion {
    /// The release, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.3.0"
}
