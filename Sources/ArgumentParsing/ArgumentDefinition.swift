/// One declared argument as the parser and the help formatter see it: its names, its help,
/// and where a parsed value goes.
///
/// Property wrappers build definitions when a command is parsed (see ``ArgumentDeclaring``);
/// the closures write into the wrapper's storage, which the command instance shares.
struct ArgumentDefinition {
    enum Kind {
        /// `--name value`, `--name=value`, `-n value`.
        case option
        /// `--name`, and `--no-name` with an inversion.
        case flag
        /// A word that is not an option, in declaration order.
        case positional
    }

    var kind: Kind
    /// The property's name, for messages about the declaration itself.
    var label: String
    /// The long name without dashes (`max-tokens`); positionals have none.
    var longName: String?
    var shortName: Character?
    /// More long names that mean the same (`int` for `integer`).
    var aliases: [String] = []
    /// The long name that sets a flag to false (`no-stream`).
    var inversion: String?
    /// What the value is called in help and usage: `<n>`.
    var valueName: String
    var help: String
    var defaultDescription: String?
    /// The allowed values, when the type lists them.
    var choices: [String] = []
    /// What kind of value is expected: "an integer".
    var valueKind: String = "a value"
    /// An option that may be given more than once; a positional that takes every remaining word.
    var isRepeatable = false
    var isRequired = false
    /// A positional that also takes words starting with `-` that are not declared options, so
    /// the command can read an ordered mini-language of its own (`fm schema object`).
    var isPassthrough = false
    /// Stores one value; returns false when the text is not a valid value.
    var assign: (String) -> Bool = { _ in false }
    /// Stores a flag's state.
    var setFlag: (Bool) -> Void = { _ in }

    /// How the argument is named in messages: `'--max-tokens <n>'`, `'--greedy'`, `'<file>'`.
    var displayName: String {
        switch kind {
        case .option: "--\(longName ?? label) \(valueName)"
        case .flag: "--\(longName ?? label)"
        case .positional: valueName
        }
    }

    /// Every long spelling that reaches this argument, with whether it sets a flag to true.
    var longSpellings: [(name: String, value: Bool)] {
        var names: [(String, Bool)] = []
        if let longName { names.append((longName, true)) }
        names += aliases.map { ($0, true) }
        if let inversion { names.append((inversion, false)) }
        return names
    }
}
