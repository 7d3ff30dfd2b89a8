/// Regexes (matched against the whole string) for the JSON Schema `format`s the grammar
/// enforces. Other formats are annotations and constrain nothing.
enum JSONFormats {
    /// Calendar-exact dates: month lengths and leap years (2020-02-29 yes, 2021-02-29 no).
    static let dateRegex = #"(\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\d|3[01])|(0[469]|11)-(0[1-9]|[12]\d|30)|02-(0[1-9]|1\d|2[0-8]))|(\d\d(0[48]|[2468][048]|[13579][26])|([02468][048]|[13579][26])00)-02-29)"#
    static let timeRegex = #"([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)"#
    static let label = #"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"#
    static let ipv4Octet = #"(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"#

    /// Standard formats validators check that the grammar does not enforce: an error, not a
    /// silent pass. (Non-standard formats such as `int32` are annotations.)
    static let unenforced: Set<String> = [
        "iri", "iri-reference", "idn-email", "idn-hostname", "regex", "json-pointer", "relative-json-pointer",
        "uri-template", "duration", "uri-reference",
    ]

    static func regex(for format: String) -> String? {
        switch format {
        case "date": return dateRegex
        case "time": return timeRegex
        case "date-time": return dateRegex + "[Tt]" + timeRegex
        case "uuid": return #"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"#
        case "ipv4": return "(\(ipv4Octet)\\.){3}\(ipv4Octet)"
        case "ipv6":
            let h = "[0-9a-fA-F]{1,4}"
            let forms = [
                "(\(h):){7}\(h)", "(\(h):){1,7}:", "(\(h):){1,6}:\(h)", "(\(h):){1,5}(:\(h)){1,2}",
                "(\(h):){1,4}(:\(h)){1,3}", "(\(h):){1,3}(:\(h)){1,4}", "(\(h):){1,2}(:\(h)){1,5}",
                "\(h):(:\(h)){1,6}", ":((:\(h)){1,7}|:)",
            ]
            return "(" + forms.joined(separator: "|") + ")"
        case "hostname": return "\(label)(\\.\(label))*"
        case "email":
            return #"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@"# + "\(label)(\\.\(label))*"
        case "uri": return #"[A-Za-z][A-Za-z0-9+.\-]*:[^\s"<>\\^`{|}]*"#
        default: return nil
        }
    }
}
