import Foundation
import KioskCore
import KioskHub
import KioskHubStorage

/// One signed-in request for one property's pages: who asks, and the property they may see.
struct ConsoleVisit: Sendable {
    let session: ConsoleSession
    let property: HubProperty

    /// Who the audit log says made the changes this visit asks for.
    var actor: AuditActor { .user(session.user.name) }

    /// `property=ID`, for links that keep the property.
    var propertyQuery: String { "property=" + ConsoleVisit.queryValue(property.id) }

    /// `content` in the layout: `title` in the heading with the property, `current` marked in the navigation, and
    /// what a form did (`notice`) or why it changed nothing (`problem`).
    func page<Content: ConsoleContext>(
        _ content: Content,
        title: String,
        current: String,
        notice: String? = nil,
        problem: String? = nil
    ) -> ConsolePage<Content> {
        var pages: [(String, String)] = [
            ("/", "Today"), ("/report", "Day report"), ("/month", "Monthly sheet"), ("/roster", "Roster"), ("/manual", "Manual entry"),
            ("/passes", "Passes"), ("/muster", "Muster"), ("/alerts", "Alerts"), ("/gates", "Gates"),
        ]
        if session.user.role == .chainOperator { pages.append(("/chain", "Chain")) }
        return ConsolePage(
            pageTitle: title + " · " + property.name,
            title: title,
            propertyName: property.name,
            propertyID: property.id,
            csrf: session.csrfToken,
            userName: session.user.name,
            nav: pages.map { path, label in ConsoleNavigationLink(href: path + "?" + propertyQuery, label: label, current: path == current) },
            notice: notice,
            problem: problem,
            page: content
        )
    }

    /// The page of student `id`.
    func studentLink(_ id: String) -> String {
        "/students/" + ConsoleVisit.pathSegment(id) + "?" + propertyQuery
    }

    /// The address of a student's photo (shown and uploaded there) in this visit's property.
    func studentPhotoLink(_ id: String) -> String {
        "/students/" + ConsoleVisit.pathSegment(id) + "/photo?" + propertyQuery
    }

    /// `text` percent-encoded for a query value.
    static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// `text` percent-encoded for one path segment.
    static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
