/// A `@Generable` type as a Swift schema file declares it, before it becomes a schema: what
/// ``GenerableDeclarationParser`` reads and ``SwiftSchemaFile`` turns into a `GenerationSchema`.
struct GenerableDeclaration: Sendable {
    enum Body: Sendable {
        /// A struct's stored properties, in declaration order.
        case properties([Property])
        /// An enum without associated values: its case names.
        case choices([String])
    }

    /// A stored property of a struct.
    struct Property: Sendable {
        let name: String
        let description: String?
        let type: TypeName
        let guides: [Guide]
        let line: Int
        let column: Int
    }

    /// A property's type, as far as a schema needs it.
    indirect enum TypeName: Sendable, CustomStringConvertible {
        case named(String)
        case array(TypeName)
        case optional(TypeName)

        var description: String {
            switch self {
            case .named(let name): name
            case .array(let element): "[\(element)]"
            case .optional(let wrapped): "\(wrapped)?"
            }
        }
    }

    /// One guide argument of `@Guide`: `.range(1...5)`, `.anyOf(["a", "b"])`, `/regex/`.
    struct Guide: Sendable {
        enum Argument: Sendable {
            case string(String)
            case strings([String])
            case number(String)
            case closedRange(String, String)
            case regex(String)
            case guide(Guide)
        }

        /// The static member's name (`range`), or `pattern` for a bare regex.
        let name: String
        let arguments: [Argument]
        let line: Int
        let column: Int
    }

    let name: String
    let description: String?
    let representsNilExplicitly: Bool
    let body: Body
    let line: Int
    let column: Int

    /// The declared types this one's properties use, for finding the root type.
    var referencedNames: Set<String> {
        guard case .properties(let properties) = body else { return [] }
        func names(_ type: TypeName) -> Set<String> {
            switch type {
            case .named(let name): [name]
            case .array(let element), .optional(let element): names(element)
            }
        }
        return properties.reduce(into: Set<String>()) { $0.formUnion(names($1.type)) }
    }
}
