/// How long the fields of a record may be, enforced wherever the data enters (kiosk.conf, the roster CSV, the
/// command line, the hub's API), so that a record the kiosk accepts is never refused by the hub later.
public enum RecordLimits {
    /// A kiosk id, reader name, student id or boot id: 1 to this many characters.
    public static let identifier = 64
    /// A manual entry's reason: at most this many characters.
    public static let reason = 500
}
