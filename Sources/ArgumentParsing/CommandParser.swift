/// Turns a command line into a filled-in, validated command.
///
/// 1. Words naming subcommands are followed from the root (`fm bench engine`); `fm help CMD`
///    names a command whose help is wanted.
/// 2. `-h`/`--help` anywhere before `--` asks for the resolved command's help.
/// 3. The rest is matched against the command's declared arguments: `--name value`,
///    `--name=value`, `-n value`, clustered short flags (`-gq`), and positionals in order; `--`
///    ends options. A word that starts with `-` and is not declared is an error (naming the
///    nearest declared option) unless it is a number, so `-5` can be a value.
/// 4. Required arguments are checked, then every option group's and the command's
///    ``ParsableArguments/validate()``.
struct CommandParser {
    let root: any ParsableCommand.Type

    func parse(_ arguments: [String]) throws(CommandLineExit) -> ParsedCommand {
        var path = CommandPath(types: [root])
        do {
            var rest = ArraySlice(arguments)
            if let first = rest.first, first == "help", !root.configuration.allSubcommands.isEmpty,
               CommandPath.subcommand("help", of: root) == nil {
                for word in rest.dropFirst() {
                    guard let next = CommandPath.subcommand(word, of: path.leaf) else { throw unknownCommand(word, in: path.leaf) }
                    path.types.append(next)
                }
                throw CommandLineExit.help(for: path)
            }
            while let word = rest.first, !path.leaf.configuration.allSubcommands.isEmpty {
                if let next = CommandPath.subcommand(word, of: path.leaf) {
                    path.types.append(next)
                    rest = rest.dropFirst()
                } else if word.hasPrefix("-") {
                    break
                } else {
                    throw unknownCommand(word, in: path.leaf)
                }
            }
            if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
                throw CommandLineExit.help(for: path)
            }
            let command = try fill(path.leaf.init(), from: rest)
            try validate(command)
            return ParsedCommand(command: command, path: path)
        } catch let error as ParserError {
            throw CommandLineExit.usage(error.description, path: path)
        } catch let error as UsageError {
            throw CommandLineExit.usage(error.message, path: path)
        } catch let exit as CommandLineExit {
            throw exit
        } catch {
            throw CommandLineExit.usage("\(error)", path: path)
        }
    }

    private func unknownCommand(_ word: String, in parent: any ParsableCommand.Type) -> ParserError {
        if let replacement = parent.configuration.formerSubcommands[word] { return .movedCommand(word, to: replacement) }
        let names = parent.configuration.allSubcommands.filter { $0.configuration.shouldDisplay }.map(CommandPath.name(of:))
        return .unknownCommand(word, suggestion: NameSuggestion.nearest(to: word, in: names))
    }

    private func validate(_ command: any ParsableCommand) throws {
        for group in ArgumentNames.groups(of: command) { try group.validate() }
        try command.validate()
    }

    /// Assigns `words` to the declared arguments of `command` (which shares their storage).
    private func fill(_ command: any ParsableCommand, from words: ArraySlice<String>) throws(ParserError) -> any ParsableCommand {
        let definitions = ArgumentNames.definitions(of: command)
        var long: [String: (index: Int, value: Bool)] = [:]
        var short: [Character: Int] = [:]
        for (index, definition) in definitions.enumerated() {
            for spelling in definition.longSpellings { long[spelling.name] = (index, spelling.value) }
            if let letter = definition.shortName { short[letter] = index }
        }
        let passthrough = definitions.contains { $0.isPassthrough }
        let takesText = definitions.contains { $0.kind == .positional }
        var given = [Bool?](repeating: nil, count: definitions.count)
        var positional: [String] = []

        /// Whether `word` would be read as an option, so it cannot be the value of one.
        func isOptionSpelling(_ word: String) -> Bool {
            if word == "--" || word == "-h" || word == "--help" { return true }
            if word.hasPrefix("--") { return long[String(word.dropFirst(2).prefix { $0 != "=" })] != nil }
            if word.hasPrefix("-"), word.count == 2, let letter = word.last { return short[letter] != nil }
            return false
        }

        func record(_ index: Int, spelled: String, flag: Bool?) throws(ParserError) {
            let definition = definitions[index]
            if let previous = given[index], !definition.isRepeatable {
                if let flag, flag != previous, let inversion = definition.inversion, let name = definition.longName {
                    throw .conflicting("--" + (previous ? name : inversion), "--" + (flag ? name : inversion))
                }
                throw .repeated(spelled)
            }
            given[index] = flag ?? true
        }

        func assign(_ index: Int, _ value: String, spelled: String) throws(ParserError) {
            let definition = definitions[index]
            guard definition.assign(value) else {
                let expected = definition.choices.isEmpty ? definition.valueKind : "one of " + definition.choices.joined(separator: ", ")
                throw .invalidValue(value, for: spelled + " " + definition.valueName, expected: expected,
                                    suggestion: NameSuggestion.nearest(to: value, in: definition.choices))
            }
        }

        var cursor = words.startIndex
        func nextValue(for index: Int, spelled: String) throws(ParserError) -> String {
            guard cursor < words.endIndex, !isOptionSpelling(words[cursor]) else {
                throw .missingValue(spelled + " " + definitions[index].valueName)
            }
            defer { cursor += 1 }
            return words[cursor]
        }

        var literal = false
        while cursor < words.endIndex {
            let word = words[cursor]
            cursor += 1
            if literal { positional.append(word); continue }
            if word == "--" { literal = true; continue }
            if word.hasPrefix("--"), word.count > 2 {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                guard let (index, flagValue) = long[name] else {
                    if passthrough { positional.append(word); continue }
                    let names = definitions.flatMap { $0.longSpellings.map(\.name) } + ["help"]
                    throw .unknownOption("--" + name, suggestion: NameSuggestion.nearest(to: name, in: names).map { "--" + $0 },
                                         takesText: takesText)
                }
                let definition = definitions[index]
                let spelled = "--" + name
                if definition.kind == .flag {
                    if inline != nil { throw .flagWithValue(spelled) }
                    try record(index, spelled: spelled, flag: flagValue)
                    definition.setFlag(flagValue)
                } else {
                    try record(index, spelled: spelled, flag: nil)
                    let value: String
                    if let inline { value = inline } else { value = try nextValue(for: index, spelled: spelled) }
                    try assign(index, value, spelled: spelled)
                }
                continue
            }
            if word.hasPrefix("-"), word.count > 1, Double(word) == nil {
                let letters = Array(word.dropFirst())
                guard short[letters[0]] != nil || !passthrough else { positional.append(word); continue }
                for (offset, letter) in letters.enumerated() {
                    guard let index = short[letter] else {
                        throw .unknownOption(offset == 0 ? word : "-\(letter)", suggestion: nil, takesText: takesText)
                    }
                    let definition = definitions[index]
                    let spelled = "-\(letter)"
                    if definition.kind == .flag {
                        try record(index, spelled: spelled, flag: true)
                        definition.setFlag(true)
                        continue
                    }
                    try record(index, spelled: spelled, flag: nil)
                    let remainder = String(letters[(offset + 1)...])
                    try assign(index, remainder.isEmpty ? try nextValue(for: index, spelled: spelled) : remainder, spelled: spelled)
                    break
                }
                continue
            }
            positional.append(word)
        }

        var remaining = positional[...]
        for (index, definition) in definitions.enumerated() where definition.kind == .positional {
            let taken = definition.isRepeatable ? remaining : remaining.prefix(1)
            if taken.isEmpty, definition.isRequired { throw .missingArgument(definition.valueName) }
            for word in taken {
                guard definition.assign(word) else {
                    throw .invalidValue(word, for: definition.valueName, expected: definition.valueKind, suggestion: nil)
                }
            }
            if !taken.isEmpty { given[index] = true }
            remaining = remaining.dropFirst(taken.count)
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra) }
        for (index, definition) in definitions.enumerated() where definition.kind == .option && definition.isRequired && given[index] == nil {
            throw .missingOption(definition.displayName)
        }
        return command
    }
}
