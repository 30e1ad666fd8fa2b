extension StringProtocol {
    /// The text in double quotes for an error message, with quotes, backslashes, control and format characters
    /// and every space but U+0020 escaped, so what cannot be seen is named.
    var quoted: String {
        var result = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"", "\\": result += "\\\(scalar)"
            case " ": result += " "
            default:
                let properties = scalar.properties
                let hidden = [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate]
                    .contains(properties.generalCategory)
                result += hidden || properties.isWhitespace ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            }
        }
        return result + "\""
    }
}
