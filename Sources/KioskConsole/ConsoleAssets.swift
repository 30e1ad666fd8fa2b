/// The console's stylesheet and its one script (`Assets/`, built into the program), served from memory: a PG's network
/// is often offline, so no CDN.
enum ConsoleAssets {
    /// Phone first (390 px), wider screens get more columns; print hides the navigation.
    static let stylesheet = String(decoding: PackageResources.console_css, as: UTF8.self)

    /// Keeps the Today page live over server-sent events, says when the connection is lost (the browser reconnects by
    /// itself), and prints the muster list.
    static let script = String(decoding: PackageResources.console_js, as: UTF8.self)
}
