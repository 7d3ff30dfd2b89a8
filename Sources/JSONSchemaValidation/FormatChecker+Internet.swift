import JSONCore
import Foundation

extension FormatChecker {
    // MARK: - Host names (RFC 1123, RFC 5890-5893)

    static func isHostname(_ string: String, international: Bool) -> Bool {
        var host = string
        if international {
            // IDNA label separators: ideographic full stop and friends are dots.
            host = String(String.UnicodeScalarView(host.unicodeScalars.map {
                ["\u{3002}", "\u{FF0E}", "\u{FF61}"].contains($0) ? "." : $0
            }))
        }
        guard !host.isEmpty, host.unicodeScalars.count <= 253 || (international && !host.unicodeScalars.allSatisfy(\.isASCII)) else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        var uLabels: [[Unicode.Scalar]] = []
        for label in labels {
            guard !label.isEmpty, label.unicodeScalars.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-") else { return false }
            let scalars = Array(label.unicodeScalars)
            if scalars.allSatisfy(\.isASCII) {
                guard scalars.allSatisfy({ $0.properties.isASCIIHexDigit || ($0.value >= 0x41 && $0.value <= 0x5A) || ($0.value >= 0x61 && $0.value <= 0x7A) || $0 == "-" })
                else { return false }
                if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" {
                    // Reserved "??--" labels: only "xn--" A-labels, which must decode to a valid
                    // U-label with non-ASCII content that encodes back to the same A-label.
                    let encoded = String(label.dropFirst(4)).lowercased()
                    guard label.lowercased().hasPrefix("xn--"), let decoded = Punycode.decode(encoded),
                        !decoded.allSatisfy(\.isASCII), Punycode.encode(decoded) == encoded, isULabel(decoded)
                    else { return false }
                    uLabels.append(decoded)
                } else {
                    uLabels.append(scalars)
                }
            } else {
                guard international, isULabel(scalars), let encoded = Punycode.encode(scalars), encoded.utf8.count + 4 <= 63
                else { return false }
                uLabels.append(scalars)
            }
        }
        return satisfiesBidiRule(uLabels)
    }

    /// Approximate bidirectional class, enough for RFC 5893 on Hebrew and Arabic labels.
    private enum BidiClass { case l, r, al, an, en, nsm, other }

    private static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        switch scalar.value {
        case 0x30...0x39, 0x06F0...0x06F9: return .en
        case 0x0660...0x0669, 0x066B, 0x066C: return .an
        default: break
        }
        if scalar.properties.generalCategory == .nonspacingMark { return .nsm }
        switch scalar.value {
        case 0x0590...0x05FF, 0x07C0...0x085F, 0xFB1D...0xFB4F: return .r
        case 0x0600...0x06FF, 0x0700...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .al
        default: return scalar.properties.isAlphabetic ? .l : .other
        }
    }

    /// RFC 5893 §2: in a domain with any right-to-left label, every label obeys the Bidi rule.
    private static func satisfiesBidiRule(_ labels: [[Unicode.Scalar]]) -> Bool {
        let classes = labels.map { $0.map(bidiClass) }
        guard classes.contains(where: { $0.contains { $0 == .r || $0 == .al || $0 == .an } }) else { return true }
        for label in classes {
            guard let first = label.first, [.l, .r, .al].contains(first) else { return false }
            let end = label.last { $0 != .nsm }
            if first == .l {
                guard label.allSatisfy({ [.l, .en, .nsm, .other].contains($0) }), end == .l || end == .en else { return false }
            } else {
                guard label.allSatisfy({ $0 != .l }), [.r, .al, .en, .an].contains(end) else { return false }
                if label.contains(.en) && label.contains(.an) { return false }
            }
        }
        return true
    }

    /// The IDNA2008 rules the JSON Schema test suite exercises (RFC 5891 §4.2.3, RFC 5892 CONTEXTJ/CONTEXTO).
    static func isULabel(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first else { return false }
        if [.spacingMark, .nonspacingMark, .enclosingMark].contains(first.properties.generalCategory) { return false }
        if label.count >= 4, label[2] == "-", label[3] == "-" { return false }
        if label.first == "-" || label.last == "-" { return false }
        var hasArabicIndic = false, hasExtendedArabicIndic = false, hasKatakanaMiddleDot = false, hasJapanese = false
        for (index, scalar) in label.enumerated() {
            let before = index > 0 ? label[index - 1] : nil
            let after = index + 1 < label.count ? label[index + 1] : nil
            switch scalar.value {
            case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B:
                return false  // DISALLOWED in IDNA2008
            case 0x00B7:  // MIDDLE DOT: between two 'l'
                guard before == "l", after == "l" else { return false }
            case 0x0375:  // GREEK KERAIA: followed by Greek
                guard let after, (0x0370...0x03FF).contains(after.value) || (0x1F00...0x1FFF).contains(after.value) else { return false }
            case 0x05F3, 0x05F4:  // HEBREW GERESH / GERSHAYIM: preceded by Hebrew
                guard let before, (0x0590...0x05FF).contains(before.value) else { return false }
            case 0x30FB: hasKatakanaMiddleDot = true
            case 0x0660...0x0669: hasArabicIndic = true
            case 0x06F0...0x06F9: hasExtendedArabicIndic = true
            case 0x200D:  // ZERO WIDTH JOINER: after a virama
                guard let before, before.properties.canonicalCombiningClass.rawValue == 9 else { return false }
            case 0x200C:
                // ZERO WIDTH NON-JOINER: after a virama, or between joining letters (RFC 5892
                // A.1; joining types approximated by "Arabic-script letter").
                let afterVirama = before.map { $0.properties.canonicalCombiningClass.rawValue == 9 } ?? false
                let previous = label[..<index].last { $0.properties.generalCategory != .nonspacingMark }
                let next = label[(index + 1)...].first { $0.properties.generalCategory != .nonspacingMark }
                let joins = [previous, next].allSatisfy { $0.map { bidiClass($0) == .al && $0.properties.isAlphabetic } ?? false }
                guard afterVirama || joins else { return false }
            case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007, 0x002D:
                break  // PVALID exceptions (RFC 5892 §2.6) and the hyphen
            default:
                // Otherwise only letters, digits and combining marks are PVALID (LetterDigits).
                switch scalar.properties.generalCategory {
                case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .decimalNumber, .nonspacingMark, .spacingMark:
                    break
                default:
                    return false
                }
            }
            if (0x3040...0x30FF).contains(scalar.value) && scalar.value != 0x30FB || (0x4E00...0x9FFF).contains(scalar.value) {
                hasJapanese = true
            }
        }
        if hasArabicIndic && hasExtendedArabicIndic { return false }
        if hasKatakanaMiddleDot && !hasJapanese { return false }
        return true
    }

    // MARK: - E-mail (RFC 5321 §4.1.2, RFC 6531)

    static func isEmail(_ string: String, international: Bool) -> Bool {
        guard let at = string.lastIndex(of: "@") else { return false }
        let local = string[..<at]
        let domain = string[string.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.hasPrefix("\"") {
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
            var escaped = false
            for scalar in local.unicodeScalars.dropFirst().dropLast() {
                if escaped { escaped = false; continue }
                if scalar == "\\" { escaped = true; continue }
                if scalar == "\"" { return false }
            }
            if escaped { return false }
        } else {
            let atext = "!#$%&'*+-/=?^_`{|}~"
            guard !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
            for scalar in local.unicodeScalars {
                let ok = (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || atext.unicodeScalars.contains(scalar) || scalar == "."))
                    || (international && !scalar.isASCII)
                guard ok else { return false }
            }
        }
        if domain.hasPrefix("[") {
            guard domain.hasSuffix("]") else { return false }
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return isIPv6(literal.dropFirst(5)) }
            return isIPv4(literal)
        }
        return isHostname(String(domain), international: international)
    }

    // MARK: - URI (RFC 3986) and IRI (RFC 3987)

    static func isURI(_ string: String, requiresScheme: Bool, international: Bool) -> Bool {
        let unreserved = "-._~", subDelims = "!$&'()*+,;="
        func allowed(_ scalar: Unicode.Scalar, extra: String) -> Bool {
            if scalar.isASCII {
                return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || unreserved.unicodeScalars.contains(scalar) || subDelims.unicodeScalars.contains(scalar)
                    || extra.unicodeScalars.contains(scalar)
            }
            guard international else { return false }
            let category = scalar.properties.generalCategory
            return category != .control && category != .spaceSeparator && category != .lineSeparator
                && category != .paragraphSeparator && category != .format && category != .unassigned && category != .surrogate
        }
        func validComponent(_ text: Substring, extra: String) -> Bool {
            var scalars = Array(text.unicodeScalars)[...]
            while let scalar = scalars.popFirst() {
                if scalar == "%" {
                    guard scalars.count >= 2, scalars[scalars.startIndex].properties.isASCIIHexDigit,
                        scalars[scalars.startIndex + 1].properties.isASCIIHexDigit
                    else { return false }
                    scalars = scalars.dropFirst(2)
                } else if !allowed(scalar, extra: extra) {
                    return false
                }
            }
            return true
        }
        var rest = Substring(string)
        if let hash = rest.firstIndex(of: "#") {
            guard validComponent(rest[rest.index(after: hash)...], extra: ":@/?") else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            guard validComponent(rest[rest.index(after: question)...], extra: ":@/?") else { return false }
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") {
            let scheme = rest[..<colon]
            guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
                scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
            else { return false }
            rest = rest[rest.index(after: colon)...]
        } else if requiresScheme {
            return false
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<end]
            rest = rest[end...]
            if let at = authority.lastIndex(of: "@") {
                guard validComponent(authority[..<at], extra: ":") else { return false }
                authority = authority[authority.index(after: at)...]
            }
            if authority.hasPrefix("[") {
                guard let close = authority.firstIndex(of: "]") else { return false }
                let literal = authority[authority.index(after: authority.startIndex)..<close]
                if literal.hasPrefix("v") || literal.hasPrefix("V") {
                    guard literal.contains("."), validComponent(literal, extra: ":") else { return false }
                } else {
                    guard isIPv6(literal) else { return false }
                }
                authority = authority[authority.index(after: close)...]
                if !authority.isEmpty {
                    guard authority.hasPrefix(":"), authority.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
                }
            } else {
                if let colon = authority.lastIndex(of: ":") {
                    guard authority[authority.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
                    authority = authority[..<colon]
                }
                guard validComponent(authority, extra: "") else { return false }
            }
        }
        return validComponent(rest, extra: ":@/")
    }
}
