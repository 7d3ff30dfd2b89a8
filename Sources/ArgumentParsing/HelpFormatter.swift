/// Writes a command's help and usage text from its configuration and declared arguments.
///
/// ```
/// OVERVIEW: <abstract>
///
/// <discussion>
///
/// USAGE: fm respond [--instructions <text>] [--greedy] [<prompt> ...]
///
/// ARGUMENTS:
///   <prompt>                The prompt.
///
/// OPTIONS:
///   -i, --instructions <text>
///                           The session's instructions.
///   -h, --help              Show help information.
/// ```
///
/// Lines are wrapped at 80 columns; descriptions start at column 26.
struct HelpFormatter {
    static let width = 80
    static let labelColumn = 2
    static let textColumn = 26

    let path: CommandPath

    private var configuration: CommandConfiguration { path.leaf.configuration }
    private var definitions: [ArgumentDefinition] { ArgumentNames.definitions(of: path.leaf.init()) }

    /// The full help, ending with a newline.
    var help: String {
        var sections: [String] = []
        if !configuration.abstract.isEmpty { sections.append("OVERVIEW: " + configuration.abstract) }
        if !configuration.discussion.isEmpty { sections.append(configuration.discussion) }
        sections.append(usage)
        let definitions = definitions
        let positionals = definitions.filter { $0.kind == .positional }
        if !positionals.isEmpty {
            sections.append("ARGUMENTS:\n" + positionals.map { item($0.valueName + ($0.isRepeatable ? " ..." : ""), text(of: $0)) }.joined())
        }
        let options = definitions.filter { $0.kind != .positional }
        sections.append("OPTIONS:\n" + options.map { item(label(of: $0), text(of: $0)) }.joined()
                        + item("-h, --help", "Show help information."))
        let listed = configuration.subcommands.filter { $0.configuration.shouldDisplay }
        if !listed.isEmpty {
            sections.append("SUBCOMMANDS:\n" + listed.map(subcommandItem).joined())
        }
        for group in configuration.groupedSubcommands {
            let shown = group.subcommands.filter { $0.configuration.shouldDisplay }
            if !shown.isEmpty { sections.append(group.name.uppercased() + ":\n" + shown.map(subcommandItem).joined()) }
        }
        if !configuration.allSubcommands.isEmpty {
            let names = path.types.map(CommandPath.name(of:))
            let helpWords = [names[0], "help"] + names.dropFirst() + ["<subcommand>"]
            sections.append("  See '\(helpWords.joined(separator: " "))' for detailed help.")
        }
        for section in configuration.helpSections {
            var text = section.title.uppercased() + ":\n"
            if !section.text.isEmpty { text += Self.wrap(section.text, indent: Self.labelColumn) + "\n" }
            text += section.items.map { item($0.label, $0.text) }.joined()
            sections.append(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        }
        return sections.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }.joined(separator: "\n\n") + "\n"
    }

    /// `USAGE: fm respond [--instructions <text>] ... [<prompt> ...]`, wrapped under itself.
    var usage: String {
        let lead = "USAGE: " + path.fullName
        var words: [String] = []
        if !configuration.allSubcommands.isEmpty {
            words.append("<subcommand>")
        } else {
            for definition in definitions {
                switch definition.kind {
                case .option:
                    let word = "--\(definition.longName ?? definition.label) \(definition.valueName)" + (definition.isRepeatable ? " ..." : "")
                    words.append(definition.isRequired ? word : "[\(word)]")
                case .flag:
                    let name = definition.longName ?? definition.label
                    words.append(definition.inversion != nil ? "[--[no-]\(name)]" : "[--\(name)]")
                case .positional:
                    let word = definition.valueName + (definition.isRepeatable ? " ..." : "")
                    words.append(definition.isRequired ? word : "[\(word)]")
                }
            }
        }
        var lines: [String] = []
        var line = lead
        let indent = String(repeating: " ", count: lead.count + 1)
        for word in words {
            if line.count + 1 + word.count > Self.width, line != lead, line != indent {
                lines.append(line)
                line = indent + word
            } else {
                line += (line == indent ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    private func subcommandItem(_ type: any ParsableCommand.Type) -> String {
        item(CommandPath.name(of: type), type.configuration.abstract)
    }

    private func label(of definition: ArgumentDefinition) -> String {
        let long = definition.longName ?? definition.label
        var names: [String] = []
        if let short = definition.shortName { names.append("-\(short)") }
        names.append(definition.inversion != nil ? "--[no-]\(long)" : "--\(long)")
        names += definition.aliases.map { "--\($0)" }
        let value = definition.kind == .option ? " " + definition.valueName : ""
        return names.joined(separator: ", ") + value
    }

    private func text(of definition: ArgumentDefinition) -> String {
        var text = definition.help
        var notes: [String] = []
        if !definition.choices.isEmpty { notes.append("values: " + definition.choices.joined(separator: ", ")) }
        if let value = definition.defaultDescription { notes.append("default: " + value) }
        if !notes.isEmpty { text += (text.isEmpty ? "" : " ") + "(" + notes.joined(separator: "; ") + ")" }
        return text
    }

    /// One two-column entry: the label at column 2, the text wrapped from column 26 (on the
    /// next line when the label does not leave room).
    private func item(_ label: String, _ text: String) -> String {
        let padded = String(repeating: " ", count: Self.labelColumn) + label
        guard !text.isEmpty else { return padded + "\n" }
        if padded.count + 2 <= Self.textColumn {
            let first = padded + String(repeating: " ", count: Self.textColumn - padded.count)
            return first + Self.wrap(text, indent: Self.textColumn).dropFirst(Self.textColumn) + "\n"
        }
        return padded + "\n" + Self.wrap(text, indent: Self.textColumn) + "\n"
    }

    /// `text` wrapped at ``width``; paragraphs (lines) keep their breaks.
    static func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var output: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = margin
            for word in paragraph.split(separator: " ") {
                if line.count > indent, line.count + 1 + word.count > width {
                    output.append(line)
                    line = margin
                }
                line += (line.count > indent ? " " : "") + word
            }
            output.append(line)
        }
        return output.joined(separator: "\n")
    }
}
