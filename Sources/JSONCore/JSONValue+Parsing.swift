/// Why JSON text could not be parsed, with the byte offset, line and column where it went wrong.
///
/// ```swift
/// do { _ = try JSONValue(parsing: String(repeating: "[", count: 10_000)) } catch {
///     error.reason   // .tooDeeplyNested(limit: 512)
///     error.path     // "/0/0/…/0": the array or object that went one level too deep
/// }
/// ```
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case unexpectedEndOfInput
        case unexpectedCharacter(UInt8)
        case invalidNumber(String)
        case invalidEscape
        case invalidUnicodeEscape
        case invalidUTF8
        case controlCharacterInString
        case tooDeeplyNested(limit: Int)
        case trailingContent
    }

    public let reason: Reason
    public let offset: Int
    public let line: Int
    public let column: Int
    /// The tokens of `path`, innermost first: each enclosing array or object adds its own as
    /// the error passes through it, so the path costs nothing until a limit is hit.
    private var reversedPathTokens: [String] = []

    init(reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// For `tooDeeplyNested`, the JSON Pointer (RFC 6901) of the value whose nesting passed the
    /// limit (`""` for other reasons): where in the document to look, as a line and column in
    /// one line of `[[[[…` does not say.
    public var path: String {
        reversedPathTokens.reversed().reduce(into: "") { $0 += "/" + JSONPointer.escape($1) }
    }

    var isTooDeeplyNested: Bool {
        if case .tooDeeplyNested = reason { true } else { false }
    }

    /// This error as seen from the enclosing container, where the value that failed is `token`.
    func within(_ token: String) -> JSONParseError {
        var copy = self
        copy.reversedPathTokens.append(token)
        return copy
    }

    public var description: String {
        let what: String
        switch reason {
        case .unexpectedEndOfInput: what = "unexpected end of input"
        case .unexpectedCharacter(let byte):
            what = byte >= 0x20 && byte < 0x7F
                ? "unexpected character '\(Character(Unicode.Scalar(byte)))'"
                : "unexpected byte 0x\(String(byte, radix: 16))"
        case .invalidNumber(let text): what = "invalid number '\(text)'"
        case .invalidEscape: what = "invalid escape sequence in string"
        case .invalidUnicodeEscape: what = "invalid \\u escape (bad hex digits or unpaired surrogate)"
        case .invalidUTF8: what = "invalid UTF-8"
        case .controlCharacterInString: what = "unescaped control character in string"
        case .tooDeeplyNested(let limit):
            what = "nesting deeper than \(limit) levels (JSONValue.maximumNestingDepth) at \(JSONPointer.abbreviated(path))"
        case .trailingContent: what = "unexpected content after the JSON value"
        }
        return "\(what) around line \(line), column \(column) (byte \(offset))"
    }
}

extension JSONParseError {
    /// The error at byte `offset` of `bytes`, its line and column counted up to there.
    init(_ reason: Reason, at offset: Int, in bytes: some Collection<UInt8>) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(reason: reason, offset: offset, line: line, column: column)
    }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects the parser accepts; deeper input is an error
    /// rather than a stack overflow.
    public static let maximumNestingDepth = 512

    /// The JSON Pointer of the first array or object nested `limit + 1` levels deep in this
    /// value, or nil. Iterative (an explicit stack), so any depth is measured without recursing:
    /// what takes a value built in code (not parsed, so not bounded by `maximumNestingDepth`)
    /// checks it with this before recursing over it.
    package func pointer(toNestingDeeperThan limit: Int) -> String? {
        // Each frame: a container's children not yet visited, and the token that led to it.
        var stack: [(children: [(token: String, value: JSONValue)], next: Int, token: String)] = []
        func children(_ value: JSONValue) -> [(token: String, value: JSONValue)]? {
            func isContainer(_ value: JSONValue) -> Bool {
                switch value {
                case .array, .object: true
                default: false
                }
            }
            switch value {
            case .array(let elements):
                return elements.indices.filter { isContainer(elements[$0]) }.map { (String($0), elements[$0]) }
            case .object(let object):
                return object.filter { isContainer($0.value) }.map { ($0.key, $0.value) }
            default:
                return nil
            }
        }
        guard let root = children(self) else { return nil }
        stack.append((root, 0, ""))
        while let top = stack.last {
            if stack.count > limit {
                return stack.dropFirst().reduce(into: "") { $0 += "/" + JSONPointer.escape($1.token) }
            }
            guard top.next < top.children.count else {
                stack.removeLast()
                continue
            }
            let child = top.children[top.next]
            stack[stack.count - 1].next += 1
            if let grandchildren = children(child.value) { stack.append((grandchildren, 0, child.token)) }
        }
        return nil
    }

    /// Parses one JSON value (RFC 8259) from `text`.
    /// - throws: `JSONParseError` naming the position and the reason.
    public init(parsing text: String) throws(JSONParseError) {
        self = try JSONValue(parsing: text.utf8)
    }

    /// Parses one JSON value from UTF-8 bytes.
    /// - throws: `JSONParseError` naming the position and the reason.
    public init<Bytes: Collection>(parsing bytes: Bytes) throws(JSONParseError) where Bytes.Element == UInt8 {
        let array = Array(bytes)
        self = try array.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            try JSONValue(parsingUTF8: buffer)
        }
    }

    init(parsingUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error(.trailingContent) }
        self = value
    }
}

/// A recursive-descent parser over UTF-8 bytes. Depth is bounded by
/// `JSONValue.maximumNestingDepth`.
package struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ reason: JSONParseError.Reason, at position: Int? = nil) -> JSONParseError {
        JSONParseError(reason, at: min(position ?? index, bytes.count), in: bytes)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error(.unexpectedEndOfInput) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error(.unexpectedCharacter(bytes[index]))
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard index < bytes.count else { throw error(.unexpectedEndOfInput) }
            guard bytes[index] == expected else { throw error(.unexpectedCharacter(bytes[index])) }
            index += 1
        }
        _ = start
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maximumNestingDepth else {
            throw error(.tooDeeplyNested(limit: JSONValue.maximumNestingDepth))
        }
        index += 1  // {
        var object = JSONObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEndOfInput) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error(.unexpectedCharacter(bytes[index])) }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEndOfInput) }
            guard bytes[index] == UInt8(ascii: ":") else { throw error(.unexpectedCharacter(bytes[index])) }
            index += 1
            skipWhitespace()
            do {
                object[key] = try parseValue(depth: depth)
            } catch where error.isTooDeeplyNested {
                throw error.within(key)
            }
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEndOfInput) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(object)
            default: throw error(.unexpectedCharacter(bytes[index]))
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maximumNestingDepth else {
            throw error(.tooDeeplyNested(limit: JSONValue.maximumNestingDepth))
        }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            do {
                elements.append(try parseValue(depth: depth))
            } catch where error.isTooDeeplyNested {
                throw error.within(String(elements.count))
            }
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEndOfInput) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw error(.unexpectedCharacter(bytes[index]))
            }
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                break
            }
            if index < bytes.count, !Self.isNumberByte(bytes[index]) { break }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = JSONNumber(literal: text) else { throw error(.invalidNumber(text), at: start) }
        return number
    }

    static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ end: Int, into scalars: inout String.UnicodeScalarView) throws(JSONParseError) {
            guard end > runStart else { return }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
            var decoder = UTF8()
            var iterator = run.makeIterator()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: return
                case .error: throw error(.invalidUTF8, at: runStart)
                }
            }
        }
        while true {
            guard index < bytes.count else { throw error(.unexpectedEndOfInput) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flushRun(index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            try flushRun(index, into: &scalars)
            index += 1
            guard index < bytes.count else { throw error(.unexpectedEndOfInput) }
            let escape = bytes[index]
            index += 1
            if let scalar = JSONParser.scalar(forSimpleEscape: escape) {
                scalars.append(scalar)
                runStart = index
                continue
            }
            switch escape {
            case UInt8(ascii: "u"):
                let unit = try parseHex4()
                if (0xD800...0xDBFF).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error(.invalidUnicodeEscape) }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error(.invalidUnicodeEscape) }
                    let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    guard let scalar = Unicode.Scalar(value) else { throw error(.invalidUnicodeEscape) }
                    scalars.append(scalar)
                } else {
                    guard let scalar = Unicode.Scalar(UInt32(unit)) else { throw error(.invalidUnicodeEscape) }
                    scalars.append(scalar)
                }
            default:
                throw error(.invalidEscape, at: index - 1)
            }
            runStart = index
        }
    }

    /// The character a one-letter escape (`\n`, `\"`, ...) stands for; nil for `u` and for
    /// letters JSON does not define. Shared with the partial parser of generated content.
    package static func scalar(forSimpleEscape escape: UInt8) -> Unicode.Scalar? {
        switch escape {
        case UInt8(ascii: "\""): "\""
        case UInt8(ascii: "\\"): "\\"
        case UInt8(ascii: "/"): "/"
        case UInt8(ascii: "b"): "\u{08}"
        case UInt8(ascii: "f"): "\u{0C}"
        case UInt8(ascii: "n"): "\n"
        case UInt8(ascii: "r"): "\r"
        case UInt8(ascii: "t"): "\t"
        default: nil
        }
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error(.unexpectedEndOfInput) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidUnicodeEscape)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
