/// An error a user can act on: one message naming the file, line, field or value; its domain (what went wrong,
/// which each edge maps once: an HTTP status in the API, a page in the console) and the sysexits category the
/// command line exits with.
public struct KioskError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, whatever the program: the edges (command line, API, console) each map it once.
    public struct Domain: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        /// The input is wrong: an argument, a form field, a file's row, a value.
        public static let input = Domain(name: "input")
        /// Something the input names does not exist: a student, a property, a pass, a user, a file.
        public static let notFound = Domain(name: "not found")
        /// A store (the journal, the hub's database, a file) failed to read or write.
        public static let storage = Domain(name: "storage")
        /// A device or service is unavailable: a reader, a printer, the hub, a database server.
        public static let unavailable = Domain(name: "unavailable")
        /// Credentials were refused.
        public static let auth = Domain(name: "auth")
        /// The configuration is bad or missing.
        public static let configuration = Domain(name: "configuration")

        /// Whether the request itself is wrong (input or not found), so whoever made it is shown the message;
        /// any other domain is a failure of the program or what it depends on.
        public var isRequestProblem: Bool { self == .input || self == .notFound }

        public var description: String { name }
    }

    /// The sysexits category of a failure.
    public struct Category: Sendable, Hashable, CustomStringConvertible {
        /// The process exit status for this category.
        public let exitStatus: Int32
        private let name: String
        /// The domain an error of this category is in unless it says otherwise.
        fileprivate let domain: Domain

        /// Command-line usage: a malformed argument or option (64).
        public static let usage = Category(exitStatus: 64, name: "usage", domain: .input)
        /// Input data was wrong: a bad roster row, an unknown student (65).
        public static let dataError = Category(exitStatus: 65, name: "bad data", domain: .input)
        /// A named input file does not exist or cannot be opened (66).
        public static let noInput = Category(exitStatus: 66, name: "no input", domain: .notFound)
        /// A reader, printer or hub is unavailable (69).
        public static let unavailable = Category(exitStatus: 69, name: "unavailable", domain: .unavailable)
        /// Not now: another program holds what the command needs, try again once it stopped (75).
        public static let temporaryFailure = Category(exitStatus: 75, name: "temporary failure", domain: .unavailable)
        /// Reading or writing a file or the journal failed (74).
        public static let ioError = Category(exitStatus: 74, name: "I/O error", domain: .storage)
        /// The hub refused the kiosk's credentials (77).
        public static let noPermission = Category(exitStatus: 77, name: "permission denied", domain: .auth)
        /// The configuration is bad or missing (78).
        public static let configuration = Category(exitStatus: 78, name: "configuration", domain: .configuration)

        public var description: String { name }
    }

    /// What kind of failure this is, which decides the exit status.
    public let category: Category
    /// What went wrong, which decides the HTTP status and the console's page.
    public let domain: Domain
    /// The message shown to the user.
    public let message: String

    /// An error of `category`, in the category's domain unless `domain` says otherwise (an unknown student is bad
    /// data to the command line, 65, and not found to the API, 404).
    public init(_ category: Category, _ message: String, domain: Domain? = nil) {
        self.category = category
        self.domain = domain ?? category.domain
        self.message = message
    }

    public var description: String { message }
}
