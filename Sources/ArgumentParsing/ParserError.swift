/// What is wrong with a command line. Internal: callers see the message, the usage and the
/// exit status 64 through ``CommandLineExit``.
enum ParserError: Error, CustomStringConvertible, Equatable {
    case unknownOption(String, suggestion: String?, takesText: Bool)
    case unknownCommand(String, suggestion: String?)
    case movedCommand(String, to: String)
    case missingValue(String)
    case invalidValue(String, for: String, expected: String, suggestion: String?)
    case repeated(String)
    case conflicting(String, String)
    case flagWithValue(String)
    case unexpectedArgument(String)
    case missingArgument(String)
    case missingOption(String)

    var description: String {
        switch self {
        case .unknownOption(let name, let suggestion, let takesText):
            if let suggestion { return "unknown option '\(name)'; did you mean '\(suggestion)'?" }
            return "unknown option '\(name)'" + (takesText ? " (to pass text that starts with '-', put it after '--')" : "")
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .movedCommand(let name, let replacement):
            return "unknown command '\(name)'; it is now '\(replacement)'"
        case .missingValue(let option):
            return "missing value for '\(option)'"
        case .invalidValue(let value, let option, let expected, let suggestion):
            return "invalid value '\(value)' for '\(option)': expected \(expected)"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .repeated(let option):
            return "'\(option)' given more than once"
        case .conflicting(let first, let second):
            return "'\(first)' and '\(second)' cannot be used together"
        case .flagWithValue(let flag):
            return "'\(flag)' takes no value"
        case .unexpectedArgument(let argument):
            return "unexpected argument '\(argument)'"
        case .missingArgument(let name):
            return "missing '\(name)'"
        case .missingOption(let name):
            return "missing '\(name)'"
        }
    }
}
