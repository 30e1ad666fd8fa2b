import Hummingbird

/// The console's forms as browsers post them (`application/x-www-form-urlencoded`), decoded by Hummingbird's form
/// decoder into the typed forms of this module.
public enum ConsoleForm {
    /// `body` as `Form`, or nil when a field is missing or the body is not a form.
    public static func decode<Form: Decodable>(_ form: Form.Type, from body: String) -> Form? {
        try? URLEncodedFormDecoder().decode(Form.self, from: body)
    }
}
