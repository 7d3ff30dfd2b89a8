import JSONSchemaValidation
import Foundation

/// A JSON parser that also accepts a prefix of a JSON document, as a stream produces it.
///
/// Complete values come out with `isComplete == true`; a value cut off by the end of the input
/// comes out with what it holds so far and `isComplete == false`, as do all values enclosing
/// it. Nesting is bounded so that hostile input cannot exhaust the stack.
struct PartialJSONParser {
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parsing stops at the end of the input inside a value: `truncated` tells the caller.
    private enum Outcome {
        case complete(GeneratedContent)
        case truncated(GeneratedContent?)
    }

    /// Thrown where nesting passes `maximumDepth`; each enclosing container adds its token on the
    /// way out, and `parseDocument` turns it into the public error naming the path.
    private struct NestingLimitHit: Error {
        var reversedPathTokens: [String] = []

        func within(_ token: String) -> NestingLimitHit {
            var copy = self
            copy.reversedPathTokens.append(token)
            return copy
        }

        var path: String {
            reversedPathTokens.reversed().reduce(into: "") { $0 += "/" + JSONPointer.escape($1) }
        }
    }

    mutating func parseDocument() throws -> GeneratedContent {
        skipWhitespace()
        guard position < bytes.count else { throw failure("expected a JSON value, found the end of the text") }
        let outcome: Outcome
        do {
            outcome = try parseValue()
        } catch let hit as NestingLimitHit {
            throw failure("nesting deeper than \(Self.maximumDepth) levels (the streaming parser's limit) at \(JSONPointer.abbreviated(hit.path))")
        }
        switch outcome {
        case .complete(let content):
            skipWhitespace()
            guard position == bytes.count else { throw failure("unexpected text after the JSON value") }
            return content
        case .truncated(let content):
            // A top-level number that ends the text is a whole document ("42"), not a prefix.
            if var number = content, case .number = number.kind,
               Self.numberShape(ArraySlice(String(decoding: bytes, as: UTF8.self)
                   .trimmingCharacters(in: .whitespacesAndNewlines).utf8)) == .complete {
                number.isComplete = true
                return number
            }
            return content ?? GeneratedContent(kind: .null, isComplete: false)
        }
    }

    private func failure(_ message: String) -> any Error {
        LanguageModelSession.GenerationError.decodingFailure(
            .init(debugDescription: "Invalid JSON at byte offset \(position): \(message).")
        )
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    private mutating func parseValue() throws -> Outcome {
        skipWhitespace()
        guard position < bytes.count else { return .truncated(nil) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let (string, finished) = try parseString()
            let content = GeneratedContent(kind: .string(string), isComplete: finished)
            return finished ? .complete(content) : .truncated(content)
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character '\(Character(Unicode.Scalar(bytes[position])))'")
        }
    }

    private mutating func parseLiteral(_ literal: String, _ kind: GeneratedContent.Kind) throws -> Outcome {
        for expected in literal.utf8 {
            guard position < bytes.count else { return .truncated(nil) }
            guard bytes[position] == expected else { throw failure("invalid literal, expected '\(literal)'") }
            position += 1
        }
        return .complete(GeneratedContent(kind: kind))
    }

    private mutating func parseNumber() throws -> Outcome {
        let start = position
        while position < bytes.count,
              "0123456789+-.eE".utf8.contains(bytes[position]) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        let atEnd = position == bytes.count
        switch Self.numberShape(bytes[start..<position]) {
        case .complete:
            let value = Double(text) ?? .nan  // every JSON number is a Double literal (maybe ±infinity)
            let content = GeneratedContent(kind: .number(value), isComplete: !atEnd)
            // A number at the very end may still grow ("12" -> "123"): report it as partial.
            return atEnd ? .truncated(content) : .complete(content)
        case .prefix where atEnd:
            // "-", "1.", "1e": a number that has not got its digits yet.
            let digits = text.prefix { $0.isNumber || $0 == "-" || $0 == "." }
            let value = Double(digits.hasSuffix(".") ? String(digits.dropLast()) : String(digits))
            return .truncated(value.map { GeneratedContent(kind: .number($0), isComplete: false) })
        default:
            position = start
            throw failure("invalid number '\(text)'")
        }
    }

    /// How far `text` follows JSON's number grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    enum NumberShape { case complete, prefix, invalid }

    /// `.complete` when all of `text` is a JSON number; `.prefix` when it could still become one
    /// ("-", "1.", "1e+"); `.invalid` otherwise ("05", "+1", ".5", "1.e3", which `Double`
    /// would take).
    static func numberShape(_ text: ArraySlice<UInt8>) -> NumberShape {
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
    private mutating func parseString() throws -> (String, Bool) {
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
                throw failure("unpaired surrogate in a \\u escape")
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
                        throw failure("invalid \\u escape")
                    }
                    position += 4
                    // As the strict parser: surrogates only in high-low pairs (a Swift String
                    // cannot hold a lone one, and replacing it would make the two parsers disagree).
                    if let high = pendingHighSurrogate {
                        guard (0xDC00...0xDFFF).contains(code),
                              let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)) else {
                            throw failure("unpaired surrogate in a \\u escape")
                        }
                        scalars.append(scalar)
                        pendingHighSurrogate = nil
                    } else if (0xD800...0xDBFF).contains(code) {
                        pendingHighSurrogate = code
                    } else if let scalar = Unicode.Scalar(code) {
                        scalars.append(scalar)
                    } else {
                        throw failure("unpaired surrogate in a \\u escape")
                    }
                default: throw failure("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
                runStart = position
                continue
            }
            if byte < 0x20 { throw failure("unescaped control character in a string") }
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

    private mutating func parseArray() throws -> Outcome {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw NestingLimitHit() }
        position += 1
        var elements: [GeneratedContent] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .complete(GeneratedContent(kind: .array([])))
        }
        while true {
            let outcome: Outcome
            do {
                outcome = try parseValue()
            } catch let hit as NestingLimitHit {
                throw hit.within(String(elements.count))
            }
            switch outcome {
            case .complete(let element): elements.append(element)
            case .truncated(let element):
                if let element { elements.append(element) }
                return .truncated(GeneratedContent(kind: .array(elements), isComplete: false))
            }
            skipWhitespace()
            guard position < bytes.count else { return .truncated(GeneratedContent(kind: .array(elements), isComplete: false)) }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .complete(GeneratedContent(kind: .array(elements))) }
            throw failure("expected ',' or ']' in an array")
        }
    }

    private mutating func parseObject() throws -> Outcome {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw NestingLimitHit() }
        position += 1
        var properties: [String: GeneratedContent] = [:]
        var keys: [String] = []
        func partial() -> Outcome {
            .truncated(GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys), isComplete: false))
        }
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .complete(GeneratedContent(kind: .structure(properties: [:], orderedKeys: [])))
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else { return partial() }
            guard bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a property name") }
            let (key, keyFinished) = try parseString()
            guard keyFinished else { return partial() }
            skipWhitespace()
            guard position < bytes.count else { return partial() }
            guard bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after property name '\(key)'") }
            position += 1
            let outcome: Outcome
            do {
                outcome = try parseValue()
            } catch let hit as NestingLimitHit {
                throw hit.within(key)
            }
            let value: GeneratedContent?
            switch outcome {
            case .complete(let content): value = content
            case .truncated(let content): value = content
            }
            if let value {
                if properties.updateValue(value, forKey: key) == nil { keys.append(key) }
            }
            if case .truncated = outcome { return partial() }
            skipWhitespace()
            guard position < bytes.count else { return partial() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .complete(GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys)))
            }
            throw failure("expected ',' or '}' in an object")
        }
    }
}
