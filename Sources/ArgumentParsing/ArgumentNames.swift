/// Names and reflection: how a property becomes an option name, and how a command's declared
/// arguments and option groups are found.
enum ArgumentNames {
    /// `maxTokens` → `max-tokens`, `noBOS` → `no-bos`, `jsonSchema2` → `json-schema2`.
    static func kebabCase(_ label: String) -> String {
        let characters = Array(label.drop { $0 == "_" })
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    result.append("-")
                }
            }
            result += character.lowercased()
        }
        return result
    }

    /// The definitions of every declared argument of `arguments`, in declaration order.
    static func definitions(of arguments: any ParsableArguments) -> [ArgumentDefinition] {
        Mirror(reflecting: arguments).children.flatMap { child -> [ArgumentDefinition] in
            guard let declaring = child.value as? any ArgumentDeclaring else { return [] }
            let label = String((child.label ?? "").drop { $0 == "_" })
            return declaring.definitions(label: label)
        }
    }

    /// The option groups of `arguments`, nested ones first, for validation.
    static func groups(of arguments: any ParsableArguments) -> [any ParsableArguments] {
        Mirror(reflecting: arguments).children.flatMap { child -> [any ParsableArguments] in
            guard let group = child.value as? any OptionGroupDeclaring else { return [] }
            return groups(of: group.groupValue) + [group.groupValue]
        }
    }
}
