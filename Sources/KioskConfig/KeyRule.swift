import TOMLKit

/// One key a section accepts: its name, and how its value is checked and stored into the section's draft.
struct KeyRule<Draft>: Sendable {
    let key: String
    /// Said when the key is absent; nil when the key is optional.
    private(set) var requirement: String?
    let read: @Sendable (inout Draft, any TOMLValueConvertible) throws(ValueProblem) -> Void

    init(key: String, read: @escaping @Sendable (inout Draft, any TOMLValueConvertible) throws(ValueProblem) -> Void) {
        self.key = key
        self.read = read
    }

    /// This rule for a key that must be present, with what to say when it is not.
    func required(_ requirement: String) -> KeyRule {
        var rule = self
        rule.requirement = requirement
        return rule
    }

    /// A key whose value is a string.
    static func string(_ key: String, _ store: @escaping @Sendable (inout Draft, String) throws(ValueProblem) -> Void) -> KeyRule {
        KeyRule(key: key) { draft, value throws(ValueProblem) in
            guard let text = value.string else { throw .wrongType(expected: "a string", got: value) }
            try store(&draft, text)
        }
    }

    /// A key whose value is an integer.
    static func integer(_ key: String, _ store: @escaping @Sendable (inout Draft, Int) throws(ValueProblem) -> Void) -> KeyRule {
        KeyRule(key: key) { draft, value throws(ValueProblem) in
            guard let number = value.int else { throw .wrongType(expected: "an integer", got: value) }
            try store(&draft, number)
        }
    }

    /// A key whose value is true or false.
    static func boolean(_ key: String, _ store: @escaping @Sendable (inout Draft, Bool) -> Void) -> KeyRule {
        KeyRule(key: key) { draft, value throws(ValueProblem) in
            guard let flag = value.bool else { throw .wrongType(expected: "true or false", got: value) }
            store(&draft, flag)
        }
    }

    /// A key whose value is an array of strings.
    static func strings(_ key: String, _ store: @escaping @Sendable (inout Draft, [String]) throws(ValueProblem) -> Void) -> KeyRule {
        KeyRule(key: key) { draft, value throws(ValueProblem) in
            guard let array = value.array else { throw .wrongType(expected: "an array of strings", got: value) }
            var texts: [String] = []
            for element in array {
                guard let text = element.string else { throw .wrongType(expected: "an array of strings", got: element) }
                texts.append(text)
            }
            try store(&draft, texts)
        }
    }

    /// A key whose value is a string naming one case of `Value`, e.g. `'usb' is not a driver (pcsc, libnfc or keyboard)`.
    static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ key: String,
        of type: Value.Type,
        noun: String,
        _ store: @escaping @Sendable (inout Draft, Value) -> Void
    ) -> KeyRule where Value.RawValue == String {
        let choices = ValueProblem.alternatives(Value.allCases.map(\.rawValue))
        return string(key) { draft, text throws(ValueProblem) in
            guard let choice = Value(rawValue: text) else {
                throw ValueProblem("\(ValueProblem.quote(text)) is not \(noun) (\(choices))")
            }
            store(&draft, choice)
        }
    }
}

extension KeyRule {
    /// This rule for a draft that holds this rule's draft at `part`, so one set of keys serves several sections.
    func lifted<Whole>(to part: any WritableKeyPath<Whole, Draft> & Sendable) -> KeyRule<Whole> {
        let read = self.read
        return KeyRule<Whole>(key: key) { whole, value throws(ValueProblem) in try read(&whole[keyPath: part], value) }
    }
}
