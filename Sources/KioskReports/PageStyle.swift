/// The CSS `@page` rule of the HTML reports: the paper, its margins, and "Page 2 of 3" in the bottom margin, which
/// WeasyPrint (`kiosk report --print`) and browsers that print page margin boxes show.
enum PageStyle {
    /// `size` is a CSS page size (`A4`, `A4 landscape`); the bottom margin leaves room for the page number.
    static func rule(size: String, margin: String, bottom: String) -> String {
        "@page { size: \(size); margin: \(margin); margin-bottom: \(bottom); "
            + "@bottom-center { content: \"Page \" counter(page) \" of \" counter(pages); font: 7pt sans-serif } }"
    }
}
