import Foundation
import KioskTesting

/// A figure's result, or why it could not be measured.
typealias FigureOutcome = HarnessOutcome<FigureResult>

extension FigureOutcome {
    /// The figure's fields in the JSON output.
    var jsonFields: [String: Any] {
        guard let result else { return [:] }
        return [
            "values": result.values.map(\.jsonObject), "baseline": result.baseline.map(\.jsonObject), "ratio": result.ratio as Any,
            "goal": result.goal, "met": result.met as Any, "note": result.note as Any,
        ]
    }
}

extension Measured {
    var jsonObject: [String: Any] { ["label": label, "value": value, "unit": unit] }
}
