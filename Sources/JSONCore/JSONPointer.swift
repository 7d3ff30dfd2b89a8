import Foundation

/// JSON Pointer (RFC 6901) helpers shared by the validator, the diff and the envelope gate.
package enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    package static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Splits a pointer into unescaped tokens; nil when it is not a pointer (does not start with `/`).
    package static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// `pointer` for a message: whole when short, else its start and end around the number of
    /// tokens left out, so that a limit hit 512 levels deep reads as one line, not as 1 KB of `/0`.
    ///
    /// ```swift
    /// JSONPointer.abbreviated("/a/b")   // "'/a/b'"
    /// JSONPointer.abbreviated(String(repeating: "/0", count: 512))   // "'/0/0/…/0' (512 tokens)" (shortened)
    /// ```
    package static func abbreviated(_ pointer: String, keeping limit: Int = 80) -> String {
        if pointer.isEmpty { return "the root" }
        let scalars = pointer.unicodeScalars
        guard scalars.count > limit else { return "'\(pointer)'" }
        let tokenCount = scalars.lazy.filter { $0 == "/" }.count
        let head = String(String.UnicodeScalarView(scalars.prefix(limit / 2)))
        let tail = String(String.UnicodeScalarView(scalars.suffix(limit / 4)))
        return "'\(head)…\(tail)' (\(tokenCount) tokens)"
    }

    /// The value `pointer` designates in `value`, or nil when it designates nothing.
    package static func resolve(_ pointer: String, in value: JSONValue) -> JSONValue? {
        guard let tokens = tokens(pointer) else { return nil }
        var current = value
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(token), index >= 0, index < array.count, String(index) == token else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }
}

extension String {
    /// Appends one escaped reference token to a JSON Pointer.
    package func appendingPointerToken(_ token: String) -> String { self + "/" + JSONPointer.escape(token) }
    package func appendingPointerToken(_ index: Int) -> String { self + "/" + String(index) }
}
