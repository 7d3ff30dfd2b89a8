import JSONCore
/// Checks `format` values when format assertion is on. Unknown formats pass, as the
/// specification requires. Each check follows the RFC the specification names (RFC 3339
/// dates and durations, RFC 5321 e-mail, RFC 1123/5890 host names, RFC 2673/4291 addresses,
/// RFC 3986/3987 URIs, RFC 4122 UUIDs, RFC 6901 pointers, RFC 6570 templates, ECMA-262 regex).
enum FormatChecker {
    /// Why `instance` is not a valid `format`, or nil when it is (or the format does not apply).
    static func problem(with instance: JSONValue, format: String) -> String? {
        guard case .string(let string) = instance else { return nil }
        return isValid(string, format: format) ? nil : "\(Evaluator.describe(instance)) is not a valid \(format)"
    }

    static func isValid(_ string: String, format: String) -> Bool {
        switch format {
        case "date": return isDate(Array(string.unicodeScalars)[...])
        case "time": return isTime(Array(string.unicodeScalars)[...])
        case "date-time": return isDateTime(string)
        case "duration": return matches(durationPattern, string)
        case "email": return isEmail(string, international: false)
        case "idn-email": return isEmail(string, international: true)
        case "hostname": return isHostname(string, international: false)
        case "idn-hostname": return isHostname(string, international: true)
        case "ipv4": return isIPv4(Substring(string))
        case "ipv6": return isIPv6(Substring(string))
        case "uri": return isURI(string, requiresScheme: true, international: false)
        case "uri-reference": return isURI(string, requiresScheme: false, international: false)
        case "iri": return isURI(string, requiresScheme: true, international: true)
        case "iri-reference": return isURI(string, requiresScheme: false, international: true)
        case "uri-template": return isURITemplate(string)
        case "uuid": return matches(uuidPattern, string)
        case "json-pointer": return isJSONPointer(Substring(string))
        case "relative-json-pointer": return isRelativeJSONPointer(string)
        case "regex": return (try? ECMARegex(string)) != nil
        default: return true
        }
    }

    private static let durationPattern = try? ECMARegex(
        #"^P(?:(?:\d+D|\d+M(?:\d+D)?|\d+Y(?:\d+M(?:\d+D)?)?)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)|\d+W)$"#)
    private static let uuidPattern = try? ECMARegex(#"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"#)

    private static func matches(_ regex: ECMARegex?, _ string: String) -> Bool {
        regex?.firstMatch(in: string) ?? false
    }

    // MARK: - RFC 3339

    /// Reads exactly `count` ASCII digits.
    private static func number(_ scalars: ArraySlice<Unicode.Scalar>, _ offset: Int, _ count: Int) -> Int? {
        let start = scalars.startIndex + offset
        guard start + count <= scalars.endIndex else { return nil }
        var value = 0
        for scalar in scalars[start..<(start + count)] {
            guard scalar.value >= 0x30, scalar.value <= 0x39 else { return nil }
            value = value * 10 + Int(scalar.value - 0x30)
        }
        return value
    }

    static func isDate(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        guard s.count == 10, let year = number(s, 0, 4), s[s.startIndex + 4] == "-", let month = number(s, 5, 2),
            s[s.startIndex + 7] == "-", let day = number(s, 8, 2), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    static func isTime(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        guard s.count >= 9, let hour = number(s, 0, 2), s[s.startIndex + 2] == ":", let minute = number(s, 3, 2),
            s[s.startIndex + 5] == ":", let second = number(s, 6, 2), hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = s.startIndex + 8
        if index < s.endIndex, s[index] == "." {
            index += 1
            let start = index
            while index < s.endIndex, s[index].value >= 0x30, s[index].value <= 0x39 { index += 1 }
            guard index > start else { return false }
        }
        guard index < s.endIndex else { return false }
        var offsetMinutes = 0
        switch s[index] {
        case "Z", "z":
            guard index + 1 == s.endIndex else { return false }
        case "+", "-":
            let rest = s[(index + 1)...]
            guard rest.count == 5, let h = number(rest, 0, 2), rest[rest.startIndex + 2] == ":", let m = number(rest, 3, 2),
                h <= 23, m <= 59
            else { return false }
            offsetMinutes = (h * 60 + m) * (s[index] == "+" ? 1 : -1)
        default:
            return false
        }
        if second == 60 {
            // A leap second happens at 23:59:60 UTC only.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    static func isDateTime(_ string: String) -> Bool {
        let s = Array(string.unicodeScalars)
        guard s.count > 11, s[10] == "T" || s[10] == "t" else { return false }
        return isDate(s[0..<10]) && isTime(s[11...])
    }

    // MARK: - Addresses

    static func isIPv4(_ string: Substring) -> Bool {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.unicodeScalars.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }),
                part == "0" || !part.hasPrefix("0"), let value = Int(part), value <= 255
            else { return false }
        }
        return true
    }

    static func isIPv6(_ string: Substring) -> Bool {
        guard !string.isEmpty, string.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isASCIIHexDigit || $0 == ":" || $0 == ".") })
        else { return false }
        var groups = 0
        var body = string
        // A trailing dotted IPv4 counts as two groups.
        if let lastColon = body.lastIndex(of: ":"), body[body.index(after: lastColon)...].contains(".") {
            guard isIPv4(body[body.index(after: lastColon)...]) else { return false }
            groups += 2
            body = body[...lastColon]
            if body.hasSuffix(":") && !body.hasSuffix("::") { body = body.dropLast() }
        }
        let halves = body.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        for half in halves where !half.isEmpty {
            for group in half.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(group.count), group.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) else { return false }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    // MARK: - Pointers and templates

    static func isJSONPointer(_ string: Substring) -> Bool {
        if string.isEmpty { return true }
        guard string.hasPrefix("/") else { return false }
        var scalars = string.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "~" {
                guard let next = scalars.next(), next == "0" || next == "1" else { return false }
            }
        }
        return true
    }

    static func isRelativeJSONPointer(_ string: String) -> Bool {
        let digits = string.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits == "0" || !digits.hasPrefix("0") else { return false }
        let rest = string.dropFirst(digits.count)
        return rest == "#" || isJSONPointer(rest)
    }

    /// RFC 6570 §2: literals and `{operator varspec,...}` expressions.
    static func isURITemplate(_ string: String) -> Bool {
        var scalars = Array(string.unicodeScalars)[...]
        func isHexDigit(_ s: Unicode.Scalar?) -> Bool { s?.properties.isASCIIHexDigit ?? false }
        func takePercentTriplet() -> Bool {
            guard scalars.count >= 3, isHexDigit(scalars.dropFirst().first), isHexDigit(scalars.dropFirst(2).first) else { return false }
            scalars = scalars.dropFirst(3)
            return true
        }
        func takeVarchar() -> Bool {
            guard let s = scalars.first else { return false }
            if s == "%" { return takePercentTriplet() }
            guard s.isASCII, s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" else { return false }
            scalars = scalars.dropFirst()
            return true
        }
        while let scalar = scalars.first {
            if scalar == "{" {
                scalars = scalars.dropFirst()
                if let op = scalars.first, "+#./;?&=,!@|".unicodeScalars.contains(op) { scalars = scalars.dropFirst() }
                while true {
                    // varname = varchar *( ["."] varchar )
                    guard takeVarchar() else { return false }
                    while true {
                        if scalars.first == "." {
                            scalars = scalars.dropFirst()
                            guard takeVarchar() else { return false }
                        } else if !takeVarchar() {
                            break
                        }
                    }
                    if scalars.first == "*" {
                        scalars = scalars.dropFirst()
                    } else if scalars.first == ":" {
                        scalars = scalars.dropFirst()
                        let digits = scalars.prefix { ("0"..."9").contains($0) }
                        guard (1...4).contains(digits.count), digits.first != "0" else { return false }
                        scalars = scalars.dropFirst(digits.count)
                    }
                    if scalars.first == "," { scalars = scalars.dropFirst(); continue }
                    guard scalars.first == "}" else { return false }
                    scalars = scalars.dropFirst()
                    break
                }
            } else if scalar == "%" {
                guard takePercentTriplet() else { return false }
            } else {
                let forbidden: Set<Unicode.Scalar> = [" ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}"]
                guard scalar.value > 0x20, scalar.value != 0x7F, !forbidden.contains(scalar),
                    scalar.properties.generalCategory != .control
                else { return false }
                scalars = scalars.dropFirst()
            }
        }
        return true
    }
}
