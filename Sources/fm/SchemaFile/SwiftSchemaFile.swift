import ArgumentParsing
import Foundation
import FoundationModels

/// A Swift file of `@Generable` types as a `GenerationSchema`, without compiling it: `fm schema
/// show Recipe.swift`, `fm respond --schema Recipe.swift#Recipe`.
///
/// The declarations (``GenerableDeclarationParser``) become a `DynamicGenerationSchema` built
/// the way the macro builds `generationSchema` (the same guides, through the same public
/// initializers; nested types written inline, a type that contains itself by reference), so
/// the JSON Schema printed is the one the session would use for the compiled type. fmTests
/// checks this against the macro's output for the same source.
///
/// ```swift
/// let schema = try SwiftSchemaFile(path: "Recipe.swift").generationSchema(root: nil)
/// ```
struct SwiftSchemaFile {
    let path: String
    let declarations: [GenerableDeclaration]

    /// Reads and parses the file.
    ///
    /// - throws: `CommandError` (66) when unreadable; `SchemaFileError` (65) naming the line.
    init(path: String) throws {
        self.path = path
        let source = String(decoding: try FileInput.data(path), as: UTF8.self)
        var scanner = SwiftTokenScanner(source: source, path: path)
        var parser = GenerableDeclarationParser(tokens: try scanner.tokens(), path: path)
        declarations = try parser.declarations()
    }

    /// Whether a `--schema` argument names a Swift file (`X.swift` or `X.swift#Type`).
    static func names(_ argument: String) -> (path: String, type: String?)? {
        if argument.hasSuffix(".swift") { return (argument, nil) }
        guard let hash = argument.range(of: ".swift#", options: .backwards) else { return nil }
        return (String(argument[..<hash.lowerBound]) + ".swift", String(argument[hash.upperBound...]))
    }

    /// The schema of the type named `root`, or of the one type no other type in the file uses.
    ///
    /// - throws: `SchemaFileError` for an unknown or ambiguous root, a type with no schema, a
    ///   guide that does not fit; `GenerationSchema.SchemaError` from the schema itself.
    func generationSchema(root: String?) throws -> GenerationSchema {
        var builder = Builder(file: self)
        let rootDeclaration = try rootDeclaration(named: root)
        let schema = try builder.schema(of: rootDeclaration)
        return try GenerationSchema(root: schema, dependencies: builder.recursiveDependencies)
    }

    private func rootDeclaration(named root: String?) throws -> GenerableDeclaration {
        guard let first = declarations.first else {
            throw SchemaFileError(path: path, line: 1, column: 1, message: "no @Generable struct or enum in the file")
        }
        if let root {
            guard let declaration = declarations.first(where: { $0.name == root }) else {
                let suggestion = NameSuggestion.nearest(to: root, in: declarations.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw SchemaFileError(path: path, line: 1, column: 1, message: "no @Generable type named '\(root)' in the file\(suggestion)")
            }
            return declaration
        }
        let used = declarations.reduce(into: Set<String>()) { $0.formUnion($1.referencedNames.subtracting([$1.name])) }
        let roots = declarations.filter { !used.contains($0.name) }
        guard roots.count == 1, let only = roots.first else {
            let names = (roots.isEmpty ? declarations : roots).map(\.name).joined(separator: ", ")
            throw SchemaFileError(path: path, line: first.line, column: first.column,
                                  message: "the file declares several root types (\(names)): name one, as in \(path)#\(roots.first?.name ?? first.name)")
        }
        return only
    }
}

extension SwiftSchemaFile {
    /// Builds dynamic schemas from declarations, inlining nested types as the macro does.
    private struct Builder {
        let file: SwiftSchemaFile
        /// Types being built, outermost first: meeting one again is recursion.
        private var inProgress: [String] = []
        private var recursive: Set<String> = []
        private var built: [String: DynamicGenerationSchema] = [:]

        init(file: SwiftSchemaFile) { self.file = file }

        /// The full schemas of types that contain themselves, which their references resolve to.
        var recursiveDependencies: [DynamicGenerationSchema] { recursive.sorted().compactMap { built[$0] } }

        mutating func schema(of declaration: GenerableDeclaration) throws -> DynamicGenerationSchema {
            inProgress.append(declaration.name)
            defer { inProgress.removeLast() }
            let schema: DynamicGenerationSchema
            switch declaration.body {
            case .choices(let cases):
                schema = DynamicGenerationSchema(name: declaration.name, description: declaration.description, anyOf: cases)
            case .properties(let properties):
                let converted = try properties.map { property in
                    let (type, isOptional) = property.type.unwrappingOptional
                    return DynamicGenerationSchema.Property(
                        name: property.name, description: property.description,
                        schema: try self.schema(of: type, guides: property.guides, property: property), isOptional: isOptional)
                }
                schema = declaration.representsNilExplicitly
                    ? DynamicGenerationSchema(name: declaration.name, description: declaration.description,
                                              representNilExplicitlyInGeneratedContent: true, properties: converted)
                    : DynamicGenerationSchema(name: declaration.name, description: declaration.description, properties: converted)
            }
            built[declaration.name] = schema
            return schema
        }

        private mutating func schema(of type: GenerableDeclaration.TypeName, guides: [GenerableDeclaration.Guide],
                                     property: GenerableDeclaration.Property) throws -> DynamicGenerationSchema {
            switch type {
            case .optional:
                throw failure("'\(property.name)': an optional inside another type (\(property.type)) has no schema here; make the property itself optional", property)
            case .array(let element):
                var minimum: Int?, maximum: Int?
                var elementGuides: [GenerableDeclaration.Guide] = []
                for guide in guides {
                    switch (guide.name, guide.onlyArgument) {
                    case ("count", .number(let count)?): minimum = try integer(count, guide); maximum = minimum
                    case ("count", .closedRange(let low, let high)?): minimum = try integer(low, guide); maximum = try integer(high, guide)
                    case ("minimumCount", .number(let count)?): minimum = try integer(count, guide)
                    case ("maximumCount", .number(let count)?): maximum = try integer(count, guide)
                    case ("element", .guide(let inner)?): elementGuides.append(inner)
                    default: throw failure(guideMismatch(guide, property), guide)
                    }
                }
                let items = try schema(of: element, guides: elementGuides, property: property)
                return DynamicGenerationSchema(arrayOf: items, minimumElements: minimum, maximumElements: maximum)
            case .named(let name):
                return try schema(named: name, guides: guides, property: property)
            }
        }

        private mutating func schema(named name: String, guides: [GenerableDeclaration.Guide],
                                     property: GenerableDeclaration.Property) throws -> DynamicGenerationSchema {
            switch name {
            case "String":
                return DynamicGenerationSchema(type: String.self, guides: try guides.map { try stringGuide($0, property) })
            case "Int":
                return DynamicGenerationSchema(type: Int.self, guides: try guides.map { guide in
                    try numberGuide(guide, property, parse: { try integer($0, guide) }, minimum: GenerationGuide<Int>.minimum,
                                    maximum: GenerationGuide<Int>.maximum, range: GenerationGuide<Int>.range)
                })
            case "Double":
                return DynamicGenerationSchema(type: Double.self, guides: try guides.map { guide in
                    try numberGuide(guide, property, parse: { try double($0, guide) }, minimum: GenerationGuide<Double>.minimum,
                                    maximum: GenerationGuide<Double>.maximum, range: GenerationGuide<Double>.range)
                })
            case "Float":
                return DynamicGenerationSchema(type: Float.self, guides: try guides.map { guide in
                    try numberGuide(guide, property, parse: { Float(try double($0, guide)) }, minimum: GenerationGuide<Float>.minimum,
                                    maximum: GenerationGuide<Float>.maximum, range: GenerationGuide<Float>.range)
                })
            case "Decimal":
                return DynamicGenerationSchema(type: Decimal.self, guides: try guides.map { guide in
                    try numberGuide(guide, property, parse: { text in
                        guard let value = Decimal(string: text) else { throw failure("'\(text)' is not a number", guide) }
                        return value
                    }, minimum: GenerationGuide<Decimal>.minimum, maximum: GenerationGuide<Decimal>.maximum, range: GenerationGuide<Decimal>.range)
                })
            case "Bool":
                if let guide = guides.first { throw failure(guideMismatch(guide, property), guide) }
                return DynamicGenerationSchema(type: Bool.self)
            default:
                guard let declaration = file.declarations.first(where: { $0.name == name }) else {
                    let known = ["String", "Int", "Double", "Float", "Decimal", "Bool"] + file.declarations.map(\.name)
                    let suggestion = NameSuggestion.nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
                    throw failure("'\(property.name)' has type '\(name)', which is neither a standard generable type nor a @Generable type in this file\(suggestion)", property)
                }
                if let guide = guides.first { throw failure(guideMismatch(guide, property), guide) }
                if inProgress.contains(name) {
                    recursive.insert(name)
                    return DynamicGenerationSchema(referenceTo: name)
                }
                return try schema(of: declaration)
            }
        }

        private func stringGuide(_ guide: GenerableDeclaration.Guide, _ property: GenerableDeclaration.Property) throws -> GenerationGuide<String> {
            switch (guide.name, guide.onlyArgument) {
            case ("anyOf", .strings(let values)?): return .anyOf(values)
            case ("constant", .string(let value)?): return .constant(value)
            case ("pattern", .regex(let pattern)?):
                do { return .pattern(try Regex(pattern)) } catch { throw failure("the pattern /\(pattern)/ is not a regex: \(error)", guide) }
            default: throw failure(guideMismatch(guide, property), guide)
            }
        }

        private func numberGuide<Value: Comparable>(_ guide: GenerableDeclaration.Guide, _ property: GenerableDeclaration.Property,
                                        parse: (String) throws -> Value, minimum: (Value) -> GenerationGuide<Value>,
                                        maximum: (Value) -> GenerationGuide<Value>,
                                        range: (ClosedRange<Value>) -> GenerationGuide<Value>) throws -> GenerationGuide<Value> {
            switch (guide.name, guide.onlyArgument) {
            case ("minimum", .number(let value)?): return minimum(try parse(value))
            case ("maximum", .number(let value)?): return maximum(try parse(value))
            case ("range", .closedRange(let low, let high)?):
                let (lower, upper) = (try parse(low), try parse(high))
                guard lower <= upper else { throw failure("the range \(low)...\(high) is empty", guide) }
                return range(lower...upper)
            default: throw failure(guideMismatch(guide, property), guide)
            }
        }

        private func integer(_ text: String, _ guide: GenerableDeclaration.Guide) throws -> Int {
            guard let value = Int(text) else { throw failure("'\(text)' is not an integer", guide) }
            return value
        }

        private func double(_ text: String, _ guide: GenerableDeclaration.Guide) throws -> Double {
            guard let value = Double(text) else { throw failure("'\(text)' is not a number", guide) }
            return value
        }

        private func guideMismatch(_ guide: GenerableDeclaration.Guide, _ property: GenerableDeclaration.Property) -> String {
            "the guide '.\(guide.name)' with these arguments does not apply to '\(property.name)' of type \(property.type)"
                + " (strings: anyOf, constant, pattern; numbers: minimum, maximum, range; arrays: count, minimumCount, maximumCount, element)"
        }

        private func failure(_ message: String, _ guide: GenerableDeclaration.Guide) -> SchemaFileError {
            SchemaFileError(path: file.path, line: guide.line, column: guide.column, message: message)
        }

        private func failure(_ message: String, _ property: GenerableDeclaration.Property) -> SchemaFileError {
            SchemaFileError(path: file.path, line: property.line, column: property.column, message: message)
        }
    }
}

extension GenerableDeclaration.TypeName {
    /// `T?` as (`T`, true): an optional property, as the macro's `type: T?.self` makes it.
    var unwrappingOptional: (Self, Bool) {
        if case .optional(let wrapped) = self { (wrapped, true) } else { (self, false) }
    }
}

extension GenerableDeclaration.Guide {
    /// The argument of a one-argument guide (every guide fm reads takes one).
    var onlyArgument: Argument? { arguments.count == 1 ? arguments[0] : nil }
}
