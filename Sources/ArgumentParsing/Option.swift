/// An option that takes a value: `--max-tokens 64`, `--max-tokens=64`, `-m model.gguf`.
///
/// The long name is the property's name in kebab case unless `name` is given. Its type decides
/// what it accepts; its initial value is the default, shown in help:
///
/// ```swift
/// @Option(help: "Most tokens to generate.") var maxTokens = 512     // --max-tokens <n>
/// @Option(short: "i", help: "The instructions.") var instructions: String?
/// @Option(help: "A text segment (repeatable).") var text: [String] = []
/// ```
///
/// An optional value defaults to nil; an array may be given several times, collecting the
/// values in order; any other option may be given only once. An option with neither a default
/// nor optional type is required.
@propertyWrapper
public struct Option<Value>: ArgumentDeclaring {
    private let box: ArgumentBox<Value?>
    private let name: String?
    private let short: Character?
    private let aliases: [String]
    private let help: String
    private let valueName: String?
    private let traits: ValueTraits

    /// What the initializers learned from `Value`'s type.
    private struct ValueTraits {
        var convert: (String) -> Value?
        var append: ((Value?, String) -> Value?)?
        var defaultDescription: (Value?) -> String?
        var choices: [String]
        var valueKind: String
        var isRequired: Bool
    }

    /// The parsed value (or the default).
    ///
    /// - precondition: A required option is read only after parsing, which guarantees it was given.
    public var wrappedValue: Value {
        get {
            guard let value = box.value else { preconditionFailure("required option --\(name ?? "?") read before parsing") }
            return value
        }
        nonmutating set { box.value = newValue }
    }

    private init(initial: Value?, name: String?, short: Character?, aliases: [String], help: String,
                 valueName: String?, traits: ValueTraits) {
        box = ArgumentBox(initial)
        self.name = name
        self.short = short
        self.aliases = aliases
        self.help = help
        self.valueName = valueName
        self.traits = traits
    }

    func definitions(label: String) -> [ArgumentDefinition] {
        let long = name ?? ArgumentNames.kebabCase(label)
        let box = box
        let traits = traits
        var definition = ArgumentDefinition(kind: .option, label: label, longName: long, shortName: short,
                                            valueName: "<\(valueName ?? long)>", help: help)
        definition.aliases = aliases
        definition.defaultDescription = traits.defaultDescription(box.value)
        definition.choices = traits.choices
        definition.valueKind = traits.valueKind
        definition.isRequired = traits.isRequired
        definition.isRepeatable = traits.append != nil
        // A repeatable option's given values replace its default rather than add to it.
        let started = ArgumentBox(false)
        definition.assign = { text in
            let next = traits.append.map { $0(started.value ? box.value : nil, text) } ?? traits.convert(text)
            started.value = true
            guard let next else { return false }
            box.value = next
            return true
        }
        return [definition]
    }
}

extension Option where Value: ExpressibleByArgument {
    /// An option with a default value.
    public init(wrappedValue: Value, name: String? = nil, short: Character? = nil, aliases: [String] = [],
                help: String, valueName: String? = nil) {
        self.init(initial: wrappedValue, name: name, short: short, aliases: aliases, help: help, valueName: valueName,
                  traits: ValueTraits(convert: Value.init(argument:), append: nil,
                                      defaultDescription: { $0.map(\.defaultValueDescription).flatMap { $0.isEmpty ? nil : $0 } },
                                      choices: Value.allValueStrings, valueKind: Value.valueKindDescription, isRequired: false))
    }

    /// A required option.
    public init(name: String? = nil, short: Character? = nil, aliases: [String] = [], help: String, valueName: String? = nil) {
        self.init(initial: nil, name: name, short: short, aliases: aliases, help: help, valueName: valueName,
                  traits: ValueTraits(convert: Value.init(argument:), append: nil, defaultDescription: { _ in nil },
                                      choices: Value.allValueStrings, valueKind: Value.valueKindDescription, isRequired: true))
    }
}

extension Option {
    /// An optional option: nil unless given.
    public init<Wrapped: ExpressibleByArgument>(wrappedValue: Wrapped? = nil, name: String? = nil, short: Character? = nil,
                                                aliases: [String] = [], help: String, valueName: String? = nil)
    where Value == Wrapped? {
        self.init(initial: .some(wrappedValue), name: name, short: short, aliases: aliases, help: help, valueName: valueName,
                  traits: ValueTraits(convert: { Wrapped(argument: $0).map { .some($0) } }, append: nil,
                                      defaultDescription: { $0.flatMap { $0 }.map(\.defaultValueDescription) },
                                      choices: Wrapped.allValueStrings, valueKind: Wrapped.valueKindDescription,
                                      isRequired: false))
    }

    /// A repeatable option: every occurrence's value, in order.
    public init<Element: ExpressibleByArgument>(wrappedValue: [Element] = [], name: String? = nil, short: Character? = nil,
                                                aliases: [String] = [], help: String, valueName: String? = nil)
    where Value == [Element] {
        self.init(initial: wrappedValue, name: name, short: short, aliases: aliases, help: help, valueName: valueName,
                  traits: ValueTraits(convert: { Element(argument: $0).map { [$0] } },
                                      append: { current, text in Element(argument: text).map { (current ?? []) + [$0] } },
                                      defaultDescription: { _ in nil }, choices: Element.allValueStrings,
                                      valueKind: Element.valueKindDescription, isRequired: false))
    }
}
