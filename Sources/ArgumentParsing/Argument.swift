/// A positional argument: the words that are not options, in declaration order.
///
/// ```swift
/// @Argument(help: "The envelope file.", valueName: "file") var path: String      // required
/// @Argument(help: "The prompt.") var prompt: [String] = []                       // the rest
/// ```
///
/// After `--` every word is positional, even one that starts with `-`.
@propertyWrapper
public struct Argument<Value>: ArgumentDeclaring {
    private let box: ArgumentBox<Value?>
    private let help: String
    private let valueName: String?
    private let isRepeatable: Bool
    private let isRequired: Bool
    private let parsing: ArgumentParsingStrategy
    private let convert: (Value?, String) -> Value?
    private let valueKind: String

    /// - precondition: A required argument is read only after parsing, which guarantees it was given.
    public var wrappedValue: Value {
        get {
            guard let value = box.value else { preconditionFailure("required argument <\(valueName ?? "?")> read before parsing") }
            return value
        }
        nonmutating set { box.value = newValue }
    }

    private init(initial: Value?, help: String, valueName: String?, isRepeatable: Bool, isRequired: Bool,
                 parsing: ArgumentParsingStrategy, valueKind: String, convert: @escaping (Value?, String) -> Value?) {
        box = ArgumentBox(initial)
        self.help = help
        self.valueName = valueName
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.parsing = parsing
        self.valueKind = valueKind
        self.convert = convert
    }

    func definitions(label: String) -> [ArgumentDefinition] {
        let box = box
        let convert = convert
        let started = ArgumentBox(false)
        var definition = ArgumentDefinition(kind: .positional, label: label, longName: nil, shortName: nil,
                                            valueName: "<\(valueName ?? ArgumentNames.kebabCase(label))>", help: help)
        definition.isRepeatable = isRepeatable
        definition.isRequired = isRequired
        definition.isPassthrough = parsing == .passthrough
        definition.valueKind = valueKind
        definition.assign = { text in
            guard let next = convert(started.value ? box.value : nil, text) else { return false }
            started.value = true
            box.value = next
            return true
        }
        return [definition]
    }
}


extension Argument where Value: ExpressibleByArgument {
    /// A required positional.
    public init(help: String, valueName: String? = nil) {
        self.init(initial: nil, help: help, valueName: valueName, isRepeatable: false, isRequired: true,
                  parsing: .remaining, valueKind: Value.valueKindDescription, convert: { Value(argument: $1) })
    }

    /// A positional with a default.
    public init(wrappedValue: Value, help: String, valueName: String? = nil) {
        self.init(initial: wrappedValue, help: help, valueName: valueName, isRepeatable: false, isRequired: false,
                  parsing: .remaining, valueKind: Value.valueKindDescription, convert: { Value(argument: $1) })
    }
}

extension Argument {
    /// An optional positional.
    public init<Wrapped: ExpressibleByArgument>(help: String, valueName: String? = nil) where Value == Wrapped? {
        self.init(initial: .some(nil), help: help, valueName: valueName, isRepeatable: false, isRequired: false,
                  parsing: .remaining, valueKind: Wrapped.valueKindDescription,
                  convert: { Wrapped(argument: $1).map { .some($0) } })
    }

    /// Every remaining positional word.
    public init<Element: ExpressibleByArgument>(wrappedValue: [Element] = [], help: String, valueName: String? = nil,
                                                parsing: ArgumentParsingStrategy = .remaining)
    where Value == [Element] {
        self.init(initial: wrappedValue, help: help, valueName: valueName, isRepeatable: true, isRequired: false,
                  parsing: parsing, valueKind: Element.valueKindDescription,
                  convert: { current, text in Element(argument: text).map { (current ?? []) + [$0] } })
    }
}
