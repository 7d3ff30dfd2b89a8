/// What `PartialJSONParser` builds, one value at a time, each told whether the text finished it:
/// the parser hands values straight to the client's type (FoundationModels' `GeneratedContent`),
/// with no `JSONValue` or JSON text in between.
package protocol PartialJSONBuildable {
    /// `null` (nil), `true` or `false`. A cut-off literal is left out, so only a document that
    /// has no value yet ("tr", "-") comes out as an incomplete `null`.
    init(partialLiteral value: Bool?, isComplete: Bool)
    /// A number; `isComplete` is false when the text ends inside it ("12" may become "123").
    init(partialNumber number: JSONNumber, isComplete: Bool)
    /// A string; `isComplete` is false until its closing quote.
    init(partialString string: String, isComplete: Bool)
    /// An array of the elements parsed so far.
    init(partialElements elements: [Self], isComplete: Bool)
    /// An object of the members parsed so far, in written order (a repeated key appears twice).
    init(partialMembers members: [(key: String, value: Self)], isComplete: Bool)
}

/// A JSON parser that also accepts a prefix of a JSON document, as a stream produces it: the
/// streaming mode beside `JSONValue(parsing:)`'s strict one, with the same grammar, escapes,
/// depth limit and errors.
///
/// Complete values come out with `isComplete == true`; a value cut off by the end of the input
/// comes out with what it holds so far and `isComplete == false`, as do all values enclosing
/// it; an object key whose value has not started yet is left out. Nesting is bounded by
/// `JSONValue.maximumNestingDepth` so that hostile input cannot exhaust the stack.
package struct PartialJSONParser<Value: PartialJSONBuildable> {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parsing stops at the end of the input inside a value: `truncated` tells the caller.
    private enum Outcome {
        case complete(Value)
        case truncated(Value?)
    }

    /// The value the text holds or begins.
    /// - throws: `JSONParseError` where the text stops being (a prefix of) JSON; a text of only
    ///   white space is `.unexpectedEndOfInput`.
    package mutating func parseDocument() throws(JSONParseError) -> Value {
        skipWhitespace()
        guard position < bytes.count else { throw failure(.unexpectedEndOfInput) }
        switch try parseValue() {
        case .complete(let value):
            skipWhitespace()
            guard position == bytes.count else { throw failure(.trailingContent) }
            return value
        case .truncated(let value):
            return value ?? Value(partialLiteral: nil, isComplete: false)
        }
    }

    private func failure(_ reason: JSONParseError.Reason) -> JSONParseError {
        JSONParseError(reason, at: position, in: bytes)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    private mutating func parseValue() throws(JSONParseError) -> Outcome {
        skipWhitespace()
        guard position < bytes.count else { return .truncated(nil) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let (string, finished) = try parseString()
            let value = Value(partialString: string, isComplete: finished)
            return finished ? .complete(value) : .truncated(value)
        case UInt8(ascii: "t"): return try parseLiteral("true", true)
        case UInt8(ascii: "f"): return try parseLiteral("false", false)
        case UInt8(ascii: "n"): return try parseLiteral("null", nil)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure(.unexpectedCharacter(bytes[position]))
        }
    }

    private mutating func parseLiteral(_ literal: StaticString, _ value: Bool?) throws(JSONParseError) -> Outcome {
        var expected = literal.utf8Start
        for _ in 0..<literal.utf8CodeUnitCount {
            guard position < bytes.count else { return .truncated(nil) }
            guard bytes[position] == expected.pointee else { throw failure(.unexpectedCharacter(bytes[position])) }
            position += 1
            expected += 1
        }
        return .complete(Value(partialLiteral: value, isComplete: true))
    }

    private mutating func parseNumber() throws(JSONParseError) -> Outcome {
        let start = position
        while position < bytes.count,
              "0123456789+-.eE".utf8.contains(bytes[position]) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        let atEnd = position == bytes.count
        switch Self.numberShape(bytes[start..<position]) {
        case .complete:
            // The literal is valid JSON number syntax (checked just above).
            guard let number = JSONNumber(literal: text) else { throw failure(.invalidNumber(text)) }
            // A number at the very end may still grow ("12" -> "123"), unless it is the whole
            // document ("42"): the text has ended, so nothing can follow it.
            let mayGrow = atEnd && depth > 0
            let value = Value(partialNumber: number, isComplete: !mayGrow)
            return mayGrow ? .truncated(value) : .complete(value)
        case .prefix where atEnd:
            // "-", "1.", "1e": a number that has not got its digits yet; what it has so far.
            var digits = String(text.prefix { $0.isNumber || $0 == "-" || $0 == "." })
            if digits.hasSuffix(".") { digits.removeLast() }
            return .truncated(JSONNumber(literal: digits).map { Value(partialNumber: $0, isComplete: false) })
        default:
            position = start
            throw failure(.invalidNumber(text))
        }
    }

    /// How far `text` follows JSON's number grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    package enum NumberShape { case complete, prefix, invalid }

    /// `.complete` when all of `text` is a JSON number; `.prefix` when it could still become one
    /// ("-", "1.", "1e+"); `.invalid` otherwise ("05", "+1", ".5", "1.e3", which `Double`
    /// would take).
    package static func numberShape(_ text: ArraySlice<UInt8>) -> NumberShape {
        var index = text.startIndex
        let end = text.endIndex
        func isDigit(_ index: Int) -> Bool { index < end && (0x30...0x39).contains(text[index]) }
        func digits() { while isDigit(index) { index += 1 } }
        if index < end, text[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end else { return .prefix }
        if text[index] == UInt8(ascii: "0") { index += 1 } else if isDigit(index) { digits() } else { return .invalid }
        if index < end, text[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end else { return .prefix }
            guard isDigit(index) else { return .invalid }
            digits()
        }
        if index < end, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard index < end else { return .prefix }
            guard isDigit(index) else { return .invalid }
            digits()
        }
        return index == end ? .complete : .invalid
    }

    /// The value of four hex digits (`UInt32(_:radix:)` would also take a sign).
    private static func hexQuad(_ digits: ArraySlice<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(nibble)
        }
        return value
    }

    /// Returns the string and whether its closing quote was seen.
    private mutating func parseString() throws(JSONParseError) -> (String, Bool) {
        position += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var pendingHighSurrogate: UInt32?
        var runStart = position
        func flush(_ parser: PartialJSONParser, _ end: Int, into scalars: inout String.UnicodeScalarView) {
            scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while position < bytes.count {
            let byte = bytes[position]
            // A high surrogate must be followed at once by `\u` and its low half.
            if pendingHighSurrogate != nil, byte != UInt8(ascii: "\\")
                || (position + 1 < bytes.count && bytes[position + 1] != UInt8(ascii: "u")) {
                throw failure(.invalidUnicodeEscape)
            }
            if byte == UInt8(ascii: "\"") {
                flush(self, position, into: &scalars)
                position += 1
                return (String(scalars), true)
            }
            if byte == UInt8(ascii: "\\") {
                flush(self, position, into: &scalars)
                guard position + 1 < bytes.count else { position = bytes.count; return (String(scalars), false) }
                let escape = bytes[position + 1]
                position += 2
                if let scalar = JSONParser.scalar(forSimpleEscape: escape) {
                    scalars.append(scalar)
                    runStart = position
                    continue
                }
                switch escape {
                case UInt8(ascii: "u"):
                    guard position + 4 <= bytes.count else { position = bytes.count; return (String(scalars), false) }
                    guard let code = Self.hexQuad(bytes[position..<position + 4]) else {
                        throw failure(.invalidUnicodeEscape)
                    }
                    position += 4
                    // As the strict parser: surrogates only in high-low pairs (a Swift String
                    // cannot hold a lone one, and replacing it would make the two parsers disagree).
                    if let high = pendingHighSurrogate {
                        guard (0xDC00...0xDFFF).contains(code),
                              let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)) else {
                            throw failure(.invalidUnicodeEscape)
                        }
                        scalars.append(scalar)
                        pendingHighSurrogate = nil
                    } else if (0xD800...0xDBFF).contains(code) {
                        pendingHighSurrogate = code
                    } else if let scalar = Unicode.Scalar(code) {
                        scalars.append(scalar)
                    } else {
                        throw failure(.invalidUnicodeEscape)
                    }
                default: throw failure(.invalidEscape)
                }
                runStart = position
                continue
            }
            if byte < 0x20 { throw failure(.controlCharacterInString) }
            position += 1
        }
        // Drop a trailing partial UTF-8 sequence rather than showing a replacement character.
        var end = position
        var back = 0
        while end > runStart, back < 4, bytes[end - 1] & 0xC0 == 0x80 { end -= 1; back += 1 }
        if end > runStart, bytes[end - 1] >= 0xC0 {
            let lead = bytes[end - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if back + 1 < length { end -= 1 } else { end = position }
        } else {
            end = position
        }
        flush(self, end, into: &scalars)
        return (String(scalars), false)
    }

    private mutating func parseArray() throws(JSONParseError) -> Outcome {
        depth += 1
        defer { depth -= 1 }
        guard depth <= JSONValue.maximumNestingDepth else { throw failure(.tooDeeplyNested(limit: JSONValue.maximumNestingDepth)) }
        position += 1
        var elements: [Value] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .complete(Value(partialElements: [], isComplete: true))
        }
        while true {
            let outcome: Outcome
            do {
                outcome = try parseValue()
            } catch {
                throw error.isTooDeeplyNested ? error.within(String(elements.count)) : error
            }
            switch outcome {
            case .complete(let element): elements.append(element)
            case .truncated(let element):
                if let element { elements.append(element) }
                return .truncated(Value(partialElements: elements, isComplete: false))
            }
            skipWhitespace()
            guard position < bytes.count else { return .truncated(Value(partialElements: elements, isComplete: false)) }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .complete(Value(partialElements: elements, isComplete: true)) }
            throw failure(.unexpectedCharacter(bytes[position]))
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> Outcome {
        depth += 1
        defer { depth -= 1 }
        guard depth <= JSONValue.maximumNestingDepth else { throw failure(.tooDeeplyNested(limit: JSONValue.maximumNestingDepth)) }
        position += 1
        var members: [(key: String, value: Value)] = []
        func partial() -> Outcome { .truncated(Value(partialMembers: members, isComplete: false)) }
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .complete(Value(partialMembers: [], isComplete: true))
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else { return partial() }
            guard bytes[position] == UInt8(ascii: "\"") else { throw failure(.unexpectedCharacter(bytes[position])) }
            let (key, keyFinished) = try parseString()
            guard keyFinished else { return partial() }
            skipWhitespace()
            guard position < bytes.count else { return partial() }
            guard bytes[position] == UInt8(ascii: ":") else { throw failure(.unexpectedCharacter(bytes[position])) }
            position += 1
            let outcome: Outcome
            do {
                outcome = try parseValue()
            } catch {
                throw error.isTooDeeplyNested ? error.within(key) : error
            }
            let value: Value?
            switch outcome {
            case .complete(let content): value = content
            case .truncated(let content): value = content
            }
            if let value { members.append((key: key, value: value)) }
            if case .truncated = outcome { return partial() }
            skipWhitespace()
            guard position < bytes.count else { return partial() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .complete(Value(partialMembers: members, isComplete: true))
            }
            throw failure(.unexpectedCharacter(bytes[position]))
        }
    }
}
