import HTTPTypes
import Mustache

/// The console's Mustache templates, the files of `Templates/` built into the program, by name. Each page fills the
/// `layout` parent's `content` block and opens its own fields as the `page` section; `{{…}}` escapes HTML, so a name
/// or reason cannot inject markup.
enum ConsoleTemplate: String, CaseIterable, Sendable {
    case head, counts, layout, error, login, today
    case todayBody = "today-body"
    case dayReport = "day-report"
    case month, student, roster, manual, gates, chain, passes, muster, alerts, parent

    /// The template's text.
    var source: String {
        let bytes: [UInt8] =
            switch self {
            case .head: PackageResources.head_mustache
            case .counts: PackageResources.counts_mustache
            case .layout: PackageResources.layout_mustache
            case .error: PackageResources.error_mustache
            case .login: PackageResources.login_mustache
            case .today: PackageResources.today_mustache
            case .todayBody: PackageResources.today_body_mustache
            case .dayReport: PackageResources.day_report_mustache
            case .month: PackageResources.month_mustache
            case .student: PackageResources.student_mustache
            case .roster: PackageResources.roster_mustache
            case .manual: PackageResources.manual_mustache
            case .gates: PackageResources.gates_mustache
            case .chain: PackageResources.chain_mustache
            case .passes: PackageResources.passes_mustache
            case .muster: PackageResources.muster_mustache
            case .alerts: PackageResources.alerts_mustache
            case .parent: PackageResources.parent_mustache
            }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every template compiled once, or why one does not parse (every page is then a 500 naming it).
    static let library: Result<MustacheLibrary, ConsoleError> = {
        var library = MustacheLibrary()
        for template in allCases {
            do {
                try library.register(template.source, named: template.rawValue)
            } catch {
                return .failure(ConsoleError(.internalServerError, "the console's template '\(template.rawValue)' does not parse: \(error)"))
            }
        }
        return .success(library)
    }()

    /// `context` drawn with its template. A template that cannot be drawn is a 500, never an empty page.
    static func render<Context: ConsoleContext>(
        _ context: Context,
        with templates: Result<MustacheLibrary, ConsoleError> = library
    ) throws(ConsoleError) -> String {
        guard let page = try templates.get().render(context, withTemplate: Context.template.rawValue) else {
            throw ConsoleError(.internalServerError, "the page could not be drawn (no template '\(Context.template.rawValue)')")
        }
        return page
    }
}

/// What one template draws: its stored properties are the names the template reads (by reflection).
protocol ConsoleContext: Sendable {
    /// The template that draws it.
    static var template: ConsoleTemplate { get }
}
