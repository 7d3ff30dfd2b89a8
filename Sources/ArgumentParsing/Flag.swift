/// A flag: `--greedy`, `-g`; with an inversion also `--no-stream`.
///
/// ```swift
/// @Flag(short: "g", help: "Always pick the most likely token.") var greedy = false
/// @Flag(inversion: .prefixedNo, help: "Print the response as it is generated.") var stream: Bool?
/// ```
///
/// A `Bool?` flag is nil unless one of its spellings is given, so a command can choose the
/// default from other options. A flag (or its inversion) may be given only once.
@propertyWrapper
public struct Flag<Value>: ArgumentDeclaring {
    private let box: ArgumentBox<Value>
    private let name: String?
    private let short: Character?
    private let inversion: FlagInversion?
    private let help: String
    private let store: (ArgumentBox<Value>, Bool) -> Void

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    func definitions(label: String) -> [ArgumentDefinition] {
        let long = name ?? ArgumentNames.kebabCase(label)
        let box = box
        let store = store
        var definition = ArgumentDefinition(kind: .flag, label: label, longName: long, shortName: short,
                                            valueName: "", help: help)
        if inversion == .prefixedNo { definition.inversion = "no-" + long }
        definition.setFlag = { store(box, $0) }
        return [definition]
    }
}


extension Flag where Value == Bool {
    public init(wrappedValue: Bool = false, name: String? = nil, short: Character? = nil,
                inversion: FlagInversion? = nil, help: String) {
        box = ArgumentBox(wrappedValue)
        self.name = name
        self.short = short
        self.inversion = inversion
        self.help = help
        store = { $0.value = $1 }
    }
}

extension Flag where Value == Bool? {
    public init(name: String? = nil, short: Character? = nil, inversion: FlagInversion, help: String) {
        box = ArgumentBox(nil)
        self.name = name
        self.short = short
        self.inversion = inversion
        self.help = help
        store = { $0.value = $1 }
    }
}
