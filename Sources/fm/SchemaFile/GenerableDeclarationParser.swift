/// Reads the `@Generable` declarations of a Swift file: the subset of Swift the macro reads.
///
/// Structs (stored properties with `@Guide`s, as the macro counts them: `static`, `lazy`,
/// computed properties and `let`s with a value are not part of the schema) and enums without
/// associated values. Everything else in the file (imports, functions, other types,
/// extensions) is skipped by balanced brackets. What the subset cannot express (a type the
/// schema cannot know, enums with associated values, a guide it does not know) is a
/// ``SchemaFileError`` naming the line and column.
struct GenerableDeclarationParser {
    private let tokens: [SwiftToken]
    private let path: String
    private var index = 0

    init(tokens: [SwiftToken], path: String) {
        self.tokens = tokens
        self.path = path
    }

    /// Every `@Generable` type in the file, nested ones included, in source order.
    ///
    /// - throws: `SchemaFileError`.
    mutating func declarations() throws -> [GenerableDeclaration] {
        var found: [GenerableDeclaration] = []
        while index < tokens.count {
            if isGenerableAttribute() {
                try generable(into: &found)
            } else {
                index += 1
            }
        }
        return found
    }

    // MARK: - Declarations

    private func isGenerableAttribute() -> Bool {
        guard peek()?.isSymbol("@") == true else { return false }
        if peek(1)?.isWord("Generable") == true { return true }
        return peek(1)?.isWord("FoundationModels") == true && peek(2)?.isSymbol(".") == true && peek(3)?.isWord("Generable") == true
    }

    private mutating func generable(into found: inout [GenerableDeclaration]) throws {
        let attribute = tokens[index]
        index += peek(1)?.isWord("Generable") == true ? 2 : 4
        var description: String?
        var explicitNil = false
        if peek()?.isSymbol("(") == true {
            index += 1
            while let token = peek(), !token.isSymbol(")") {
                guard let label = token.word, peek(1)?.isSymbol(":") == true else { throw error("expected 'description:' in @Generable(...)", at: token) }
                index += 2
                switch label {
                case "description": description = try stringValue()
                case "representNilExplicitlyInGeneratedContent":
                    guard let value = peek()?.word, value == "true" || value == "false" else { throw error("expected true or false", at: peek()) }
                    explicitNil = value == "true"
                    index += 1
                case "name": throw error("@Generable(name:) is not supported in a schema file; rename the type", at: token)
                default: throw error("unknown @Generable argument '\(label)'", at: token)
                }
                if peek()?.isSymbol(",") == true { index += 1 }
            }
            try expect(")")
        }
        skipAttributesAndModifiers()
        guard let keyword = peek()?.word, keyword == "struct" || keyword == "enum" else {
            throw error("@Generable in a schema file must be on a struct or an enum", at: peek() ?? attribute)
        }
        index += 1
        guard let nameToken = peek(), let name = nameToken.word else { throw error("expected the type's name", at: peek()) }
        index += 1
        while let token = peek(), !token.isSymbol("{") {
            if token.isSymbol("<") { throw error("generic @Generable types are not supported in a schema file", at: token) }
            index += 1
        }
        try expect("{")
        let body: GenerableDeclaration.Body = keyword == "struct"
            ? .properties(try structMembers(into: &found))
            : .choices(try enumCases(into: &found))
        found.append(GenerableDeclaration(name: name, description: description, representsNilExplicitly: explicitNil,
                                          body: body, line: nameToken.line, column: nameToken.column))
    }

    /// Members up to the closing brace: stored properties, nested `@Generable` types; the rest skipped.
    private mutating func structMembers(into found: inout [GenerableDeclaration]) throws -> [GenerableDeclaration.Property] {
        var properties: [GenerableDeclaration.Property] = []
        while let token = peek(), !token.isSymbol("}") {
            if isGenerableAttribute() { try generable(into: &found); continue }
            var description: String?
            var guides: [GenerableDeclaration.Guide] = []
            while peek()?.isSymbol("@") == true {
                if peek(1)?.isWord("Guide") == true {
                    index += 2
                    try guideArguments(description: &description, guides: &guides)
                } else {
                    index += 2
                    if peek()?.isSymbol("(") == true { try skipBalanced() }
                }
            }
            var skipped = false
            while let word = peek()?.word, Self.modifiers.contains(word) {
                if ["static", "class", "lazy"].contains(word) { skipped = true }
                index += 1
                if peek()?.isSymbol("(") == true { try skipBalanced() }   // private(set)
            }
            guard let keyword = peek()?.word else {
                if peek()?.isSymbol(";") == true { index += 1; continue }
                throw error("expected a member declaration", at: peek())
            }
            guard keyword == "var" || keyword == "let", !skipped else {
                try skipDeclaration()
                continue
            }
            index += 1
            if let property = try storedProperty(isLet: keyword == "let", description: description, guides: guides) {
                properties.append(property)
            }
        }
        try expect("}")
        return properties
    }

    /// `name: Type`, then what may follow it; nil when the macro would not count it (a `let`
    /// with a value, a computed property).
    private mutating func storedProperty(isLet: Bool, description: String?, guides: [GenerableDeclaration.Guide]) throws -> GenerableDeclaration.Property? {
        guard let nameToken = peek(), let name = nameToken.word else {
            throw error("declare each property with its own name and type", at: peek())
        }
        index += 1
        if isLet, peek()?.isSymbol("=") == true {   // a constant: not generated, whatever its type
            index += 1
            try skipExpression()
            return nil
        }
        guard peek()?.isSymbol(":") == true else {
            throw error("property '\(name)' needs a type annotation (name: Type)", at: peek() ?? nameToken)
        }
        index += 1
        let type = try typeName()
        var hasValue = false
        var isComputed = false
        if peek()?.isSymbol(",") == true { throw error("declare each property with its own name and type", at: peek()) }
        if peek()?.isSymbol("=") == true {
            hasValue = true
            index += 1
            try skipExpression()
        }
        if peek()?.isSymbol("{") == true, peek()?.line == tokens[index - 1].line {
            let first = peek(1)?.word
            isComputed = first != "willSet" && first != "didSet"
            try skipBalanced()
        }
        if isComputed || (isLet && hasValue) { return nil }
        return .init(name: name, description: description, type: type, guides: guides, line: nameToken.line, column: nameToken.column)
    }

    /// `case a, b` lines (raw values allowed, ignored as the macro ignores them).
    private mutating func enumCases(into found: inout [GenerableDeclaration]) throws -> [String] {
        var cases: [String] = []
        while let token = peek(), !token.isSymbol("}") {
            if isGenerableAttribute() { try generable(into: &found); continue }
            if token.isSymbol("@") { index += 2; if peek()?.isSymbol("(") == true { try skipBalanced() }; continue }
            if let word = token.word, Self.modifiers.contains(word) { index += 1; continue }
            guard token.isWord("case") else { try skipDeclaration(); continue }
            index += 1
            while true {
                guard let caseToken = peek(), let name = caseToken.word else { throw error("expected a case name", at: peek()) }
                index += 1
                if peek()?.isSymbol("(") == true {
                    throw error("enum case '\(name)' has associated values: only enums of plain cases are supported in a schema file", at: caseToken)
                }
                if peek()?.isSymbol("=") == true { index += 2 }
                cases.append(name)
                guard peek()?.isSymbol(",") == true else { break }
                index += 1
            }
        }
        try expect("}")
        return cases
    }

    // MARK: - Types and guides

    private mutating func typeName() throws -> GenerableDeclaration.TypeName {
        var type: GenerableDeclaration.TypeName
        guard let token = peek() else { throw error("expected a type", at: nil) }
        if token.isSymbol("[") {
            index += 1
            let element = try typeName()
            if peek()?.isSymbol(":") == true { throw error("dictionaries have no schema: use an array of a @Generable struct", at: token) }
            try expect("]")
            type = .array(element)
        } else if var name = token.word {
            index += 1
            while peek()?.isSymbol(".") == true, let next = peek(1)?.word { name = next; index += 2 }   // Swift.String
            if peek()?.isSymbol("<") == true {
                index += 1
                let argument = try typeName()
                try expect(">")
                switch name {
                case "Optional": type = .optional(argument)
                case "Array": type = .array(argument)
                default: throw error("the generic type '\(name)<...>' has no schema", at: token)
                }
            } else {
                type = .named(name)
            }
        } else {
            throw error("expected a type, found \(token.quoted)", at: token)
        }
        while peek()?.isSymbol("?") == true { index += 1; type = .optional(type) }
        if peek()?.isSymbol("!") == true { throw error("implicitly unwrapped optionals have no schema: use '?'", at: peek()) }
        return type
    }

    /// `(description: "...", .guide(...), /regex/)` after `@Guide`.
    private mutating func guideArguments(description: inout String?, guides: inout [GenerableDeclaration.Guide]) throws {
        try expect("(")
        while let token = peek(), !token.isSymbol(")") {
            if token.isWord("description"), peek(1)?.isSymbol(":") == true {
                index += 2
                description = try stringValue()
            } else {
                guides.append(try guide())
            }
            if peek()?.isSymbol(",") == true { index += 1 } else { break }
        }
        try expect(")")
    }

    private mutating func guide() throws -> GenerableDeclaration.Guide {
        guard let token = peek() else { throw error("expected a guide", at: nil) }
        if case .regex(let pattern) = token.kind {
            index += 1
            return .init(name: "pattern", arguments: [.regex(pattern)], line: token.line, column: token.column)
        }
        if token.isWord("try") || token.isWord("Regex") {
            if token.isWord("try") { index += 1; if peek()?.isSymbol("!") == true { index += 1 } }
            guard peek()?.isWord("Regex") == true, peek(1)?.isSymbol("(") == true else { throw error("expected Regex(\"...\")", at: peek()) }
            index += 2
            let pattern = try stringValue()
            try expect(")")
            return .init(name: "pattern", arguments: [.regex(pattern)], line: token.line, column: token.column)
        }
        guard token.isSymbol("."), let name = peek(1)?.word else {
            throw error("expected a guide such as .range(1...5), found \(token.quoted)", at: token)
        }
        index += 2
        var arguments: [GenerableDeclaration.Guide.Argument] = []
        try expect("(")
        while let argument = peek(), !argument.isSymbol(")") {
            switch argument.kind {
            case .string(let value):
                index += 1
                arguments.append(.string(value))
            case .regex(let pattern):
                index += 1
                arguments.append(.regex(pattern))
            case .number(let low):
                index += 1
                if peek()?.isSymbol("...") == true, case .number(let high)? = peek(1)?.kind {
                    index += 2
                    arguments.append(.closedRange(low, high))
                } else if peek()?.isSymbol("..<") == true {
                    throw error("use a closed range (a...b), as the guides take", at: peek())
                } else {
                    arguments.append(.number(low))
                }
            case .symbol("["):
                index += 1
                var strings: [String] = []
                while case .string(let value)? = peek()?.kind {
                    strings.append(value)
                    index += 1
                    if peek()?.isSymbol(",") == true { index += 1 }
                }
                try expect("]")
                arguments.append(.strings(strings))
            case .symbol("."), .word("Regex"), .word("try"):
                arguments.append(.guide(try guide()))
            default:
                throw error("a guide argument must be a literal (a string, a number, a range, an array of strings) or a guide, found \(argument.quoted)", at: argument)
            }
            if peek()?.isSymbol(",") == true { index += 1 } else { break }
        }
        try expect(")")
        return .init(name: name, arguments: arguments, line: token.line, column: token.column)
    }

    // MARK: - Skipping

    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated", "static", "class", "lazy",
        "mutating", "nonmutating", "override", "required", "convenience", "indirect", "weak", "unowned",
    ]

    private mutating func skipAttributesAndModifiers() {
        while let token = peek() {
            if token.isSymbol("@") {
                index += 2
                if peek()?.isSymbol("(") == true { try? skipBalanced() }
            } else if let word = token.word, Self.modifiers.contains(word) {
                index += 1
                if peek()?.isSymbol("(") == true { try? skipBalanced() }
            } else {
                return
            }
        }
    }

    /// A member that is not a stored property: to the end of its braces, or of its line.
    private mutating func skipDeclaration() throws {
        let line = peek()?.line ?? 0
        while let token = peek() {
            if token.isSymbol("}") { return }
            if token.isSymbol("{") { try skipBalanced(); return }
            if token.isSymbol("(") || token.isSymbol("[") { try skipBalanced(); continue }
            if token.line != line { return }
            index += 1
        }
    }

    /// An initial value: balanced brackets, up to the end of its last line.
    private mutating func skipExpression() throws {
        var line = peek()?.line ?? 0
        while let token = peek(), token.line == line, !token.isSymbol("}"), !token.isSymbol(";") {
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{") {
                if token.isSymbol("{"), index > 0, tokens[index - 1].line == line, !Self.startsValue(tokens[index - 1]) { return }
                try skipBalanced()
                line = tokens[index - 1].line
            } else {
                index += 1
            }
        }
    }

    /// `{` after these is a closure in a value, not a property's accessor block.
    private static func startsValue(_ token: SwiftToken) -> Bool {
        token.isSymbol("=") || token.isSymbol("(") || token.isSymbol(",")
    }

    /// From an opening bracket to its partner.
    private mutating func skipBalanced() throws {
        guard let open = peek() else { return }
        var depth = 0
        while let token = peek() {
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") { depth -= 1 }
            index += 1
            if depth == 0 { return }
        }
        throw error("this bracket is never closed", at: open)
    }

    // MARK: - Cursor

    private func peek(_ offset: Int = 0) -> SwiftToken? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    private mutating func stringValue() throws -> String {
        guard case .string(let value)? = peek()?.kind else { throw error("expected a string literal", at: peek()) }
        index += 1
        return value
    }

    private mutating func expect(_ symbol: String) throws {
        guard let token = peek(), token.isSymbol(symbol) else {
            throw error("expected '\(symbol)'" + (peek().map { ", found \($0.quoted)" } ?? " before the end of the file"), at: peek())
        }
        index += 1
    }

    private func error(_ message: String, at token: SwiftToken?) -> SchemaFileError {
        let last = tokens.last
        return SchemaFileError(path: path, line: token?.line ?? last?.line ?? 1, column: token?.column ?? last?.column ?? 1, message: message)
    }
}
