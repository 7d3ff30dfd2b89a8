import JSONCore
extension Evaluator {
    func evaluateAnyTypeAssertions(_ schema: JSONObject, _ instance: JSONValue, at location: Location, into outcome: inout Outcome) {
        if let type = schema["type"] {
            let allowed: [String] = type.string.map { [$0] } ?? (type.array ?? []).compactMap(\.string)
            if !allowed.contains(where: { Self.instance(instance, hasType: $0) }) {
                let expected = allowed.count == 1 ? allowed[0] : "one of " + allowed.joined(separator: ", ")
                outcome.errors.append(location.error("type", "expected \(expected), found \(instance.typeName)"))
            }
        }
        if let values = schema["enum"]?.array, !values.contains(where: { $0.isIdentical(to: instance) }) {
            let listed = values.prefix(8).map { $0.serialized() }.joined(separator: ", ")
            outcome.errors.append(location.error("enum", "\(Self.describe(instance)) is not one of [\(listed)\(values.count > 8 ? ", ..." : "")]"))
        }
        if let constant = schema["const"], !constant.isIdentical(to: instance) {
            outcome.errors.append(location.error("const", "\(Self.describe(instance)) is not the required value \(constant.serialized())"))
        }
    }

    static func instance(_ instance: JSONValue, hasType type: String) -> Bool {
        switch (type, instance) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            true
        case ("integer", .number(let number)):
            number.isInteger
        default:
            false
        }
    }

    /// A short rendering of a value for messages (long strings and containers are cut).
    static func describe(_ value: JSONValue) -> String {
        let text = value.serialized()
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    func evaluateNumberAssertions(_ schema: JSONObject, _ number: JSONNumber, at location: Location, into outcome: inout Outcome) {
        if let limit = schema["maximum"]?.number, number > limit {
            outcome.errors.append(location.error("maximum", "\(number) is greater than the maximum \(limit)"))
        }
        if let limit = schema["exclusiveMaximum"]?.number, number >= limit {
            outcome.errors.append(location.error("exclusiveMaximum", "\(number) is not less than the exclusive maximum \(limit)"))
        }
        if let limit = schema["minimum"]?.number, number < limit {
            outcome.errors.append(location.error("minimum", "\(number) is less than the minimum \(limit)"))
        }
        if let limit = schema["exclusiveMinimum"]?.number, number <= limit {
            outcome.errors.append(location.error("exclusiveMinimum", "\(number) is not greater than the exclusive minimum \(limit)"))
        }
        if let divisor = schema["multipleOf"]?.number, !number.isMultiple(of: divisor) {
            outcome.errors.append(location.error("multipleOf", "\(number) is not a multiple of \(divisor)"))
        }
    }

    func evaluateStringAssertions(_ schema: JSONObject, _ string: String, at location: Location, into outcome: inout Outcome) {
        let needsLength = schema["maxLength"] != nil || schema["minLength"] != nil
        let length = needsLength ? string.unicodeScalars.count : 0
        if let maximum = schema["maxLength"]?.number?.int64Value, length > maximum {
            outcome.errors.append(location.error("maxLength", "is \(length) characters long; at most \(maximum) allowed"))
        }
        if let minimum = schema["minLength"]?.number?.int64Value, length < minimum {
            outcome.errors.append(location.error("minLength", "is \(length) characters long; at least \(minimum) required"))
        }
        if let pattern = schema["pattern"]?.string, let regex = index.pattern(pattern) {
            switch matches(regex, string, at: location.keyword("pattern")) {
            case true?: break
            case false?:
                outcome.errors.append(location.error("pattern", "\(Self.describe(.string(string))) does not match the pattern \(pattern)"))
            case nil:
                // Undecided: the run's limit error says so; fail this branch without claiming a mismatch.
                outcome.errors.append(location.error("pattern", "matching the pattern \(pattern) was stopped by a budget"))
            }
        }
    }
}
