import ArgumentParsing

/// fm's exit statuses, the same for every subcommand (README lists them). The numbers are
/// `sysexits.h`'s where one fits, so scripts can tell "fix the command line" (64) from "fix the
/// input" (65, 66) from "get the model" (69) from "try another prompt" (75).
///
/// | status | meaning |
/// |---|---|
/// | 0 | done; the answer is yes |
/// | 1 | done, and the answer is no (an invalid instance, a refused envelope, blocked text) |
/// | 64 | usage: the command line is wrong (the usage is printed) |
/// | 65 | bad data: input that does not parse or cannot be used, a prompt longer than the context, a schema the decoder cannot enforce, a guided value the token budget cut off |
/// | 66 | an input file that does not exist or cannot be read |
/// | 69 | the model is unavailable: file missing or not loadable, disabled, CPU unsupported |
/// | 70 | internal error: a bug in fm or the library |
/// | 73 | an output file (a transcript) cannot be written |
/// | 75 | a guardrail violation or a refusal |
/// | 130 | interrupted (Ctrl-C) |
extension ExitCode {
    /// 65, `EX_DATAERR`.
    static let dataError = ExitCode(65)
    /// 66, `EX_NOINPUT`.
    static let noInput = ExitCode(66)
    /// 69, `EX_UNAVAILABLE`.
    static let unavailable = ExitCode(69)
    /// 70, `EX_SOFTWARE`.
    static let internalError = ExitCode(70)
    /// 73, `EX_CANTCREAT`.
    static let cannotCreate = ExitCode(73)
    /// 75, `EX_TEMPFAIL`: the request was refused; another prompt may be answered.
    static let refused = ExitCode(75)
    /// 130: 128 + SIGINT, as shells report a process ended by Ctrl-C.
    static let interrupted = ExitCode(130)
}
