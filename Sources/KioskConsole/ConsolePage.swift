import KioskCore

/// A signed-in page: the layout's fields (heading, navigation, the sign-out form's CSRF token, a notice or a problem)
/// around the page's own, which its template opens as the `page` section.
struct ConsolePage<Content: ConsoleContext>: ConsoleContext {
    static var template: ConsoleTemplate { Content.template }

    /// The document's title: the page's and the property's.
    let pageTitle: String
    let title: String
    let propertyName: String
    let propertyID: String
    let csrf: String
    let userName: String
    let nav: [ConsoleNavigationLink]
    /// What a form did.
    let notice: String?
    /// Why a form changed nothing.
    let problem: String?
    let page: Content
}

/// One link of the navigation bar.
struct ConsoleNavigationLink: Sendable {
    let href: String
    let label: String
    /// The page shown.
    let current: Bool
}

/// The sign-in form.
struct LoginPage: ConsoleContext {
    static let template = ConsoleTemplate.login
    let pageTitle: String
    let hubName: String
    let username: String
    let problem: String?
}

/// A refused or failed request, without the signed-in navigation.
struct ErrorPage: ConsoleContext {
    static let template = ConsoleTemplate.error
    let pageTitle: String
    /// `404 Not Found`.
    let status: String
    let message: String
}
