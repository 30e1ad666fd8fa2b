import Foundation
import KioskCore
import KioskHub
import KioskHubStorage

/// One signed-in request for one property's pages: who asks, and the property they may see.
struct ConsoleVisit: Sendable {
    let session: ConsoleSession
    let property: HubProperty

    /// `property=ID`, for links that keep the property.
    var propertyQuery: String { "property=" + ConsoleVisit.queryValue(property.id) }

    /// The fields of the layout: the heading's property, navigation, the sign-out form's CSRF token.
    func layout(title: String, current: String) -> [String: Any] {
        var pages: [(String, String)] = [
            ("/", "Today"), ("/report", "Day report"), ("/month", "Monthly sheet"), ("/roster", "Roster"), ("/manual", "Manual entry"),
            ("/passes", "Passes"), ("/muster", "Muster"), ("/alerts", "Alerts"), ("/gates", "Gates"),
        ]
        if session.user.role == .chainOperator { pages.append(("/chain", "Chain")) }
        let nav: [[String: Any]] = pages.map { path, label in
            ["href": path + "?" + propertyQuery, "label": label, "current": path == current]
        }
        return [
            "title": title, "propertyName": property.name, "propertyID": property.id, "csrf": session.csrfToken,
            "userName": session.user.name, "nav": nav,
        ]
    }

    /// The page of student `id`.
    func studentLink(_ id: String) -> String {
        "/students/" + ConsoleVisit.pathSegment(id) + "?" + propertyQuery
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
