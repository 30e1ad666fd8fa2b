/// An error a user can act on: one message naming the file, line, field or value, and the
/// sysexits status the command line exits with.
public struct KioskError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The sysexits category of a failure.
    public struct Category: Sendable, Hashable, CustomStringConvertible {
        /// The process exit status for this category.
        public let exitStatus: Int32
        private let name: String

        /// Command-line usage: a malformed argument or option (64).
        public static let usage = Category(exitStatus: 64, name: "usage")
        /// Input data was wrong: a bad roster row, an unknown student (65).
        public static let dataError = Category(exitStatus: 65, name: "bad data")
        /// A named input file does not exist or cannot be opened (66).
        public static let noInput = Category(exitStatus: 66, name: "no input")
        /// A reader, printer or hub is unavailable (69).
        public static let unavailable = Category(exitStatus: 69, name: "unavailable")
        /// Reading or writing a file or the journal failed (74).
        public static let ioError = Category(exitStatus: 74, name: "I/O error")
        /// The hub refused the kiosk's credentials (77).
        public static let noPermission = Category(exitStatus: 77, name: "permission denied")
        /// The configuration is bad or missing (78).
        public static let configuration = Category(exitStatus: 78, name: "configuration")

        public var description: String { name }
    }

    /// What kind of failure this is, which decides the exit status.
    public let category: Category
    /// The message shown to the user.
    public let message: String

    public init(_ category: Category, _ message: String) {
        self.category = category
        self.message = message
    }

    public var description: String { message }
}
