import HTTPTypes
import Mustache

/// The console's Mustache templates, compiled once. Each page fills the `layout` parent's `content` block;
/// `{{…}}` escapes HTML, so a name or reason cannot inject markup.
enum ConsoleTemplates {
    /// Every template by name.
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        let sources: [String: String] = [
            "head": head, "counts": counts, "layout": layout, "error": error, "login": login, "today": today, "today-body": todayBody,
            "day-report": dayReport,
            "month": month, "student": student, "roster": roster, "manual": manual, "gates": gates, "chain": chain,
            "passes": passes, "muster": muster, "alerts": alerts,
        ]
        for (name, source) in sources {
            do {
                try library.register(source, named: name)
            } catch {
                preconditionFailure("console template '\(name)' does not parse: \(error)")
            }
        }
        return library
    }()

    /// `template` filled with `context`; `pageTitle` (the document's title) is made from `title` and `propertyName`
    /// when the context has no title of its own. A template that cannot be drawn is a 500, never an empty page.
    static func render(_ template: String, _ context: [String: Any]) throws(ConsoleError) -> String {
        var context = context
        if context["pageTitle"] == nil {
            context["pageTitle"] = [context["title"], context["propertyName"]].compactMap { $0.map { "\($0)" } }.joined(separator: " · ")
        }
        guard let page = library.render(context, withTemplate: template) else {
            throw ConsoleError(.internalServerError, "the page could not be drawn (no template '\(template)')")
        }
        return page
    }
}
