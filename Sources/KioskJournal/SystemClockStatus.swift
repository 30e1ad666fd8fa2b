import CSystemClock

/// Whether the kernel considers the system clock synchronised (NTP), as `timedatectl` shows it.
public enum SystemClockStatus {
    public static var isSynchronised: Bool { kiosk_clock_synchronised() != 0 }
}
