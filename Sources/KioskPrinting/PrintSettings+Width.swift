public import KioskCore

extension PrintSettings {
    /// The configured settings, or, when the command line asks for a text width (`--width 48`), the text at that
    /// width on the same printer: a receipt printer's report.
    public init(_ configured: PrintSettings, width: Int?) {
        self = configured
        if let width {
            format = .text
            self.width = width
        }
    }
}
