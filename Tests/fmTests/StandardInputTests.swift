import Foundation
import Testing

/// A prompt from standard input reads the same as one from the arguments.
@Suite("fm standard input", .serialized) struct StandardInputTests {
    @Test func countTokensTokenizeAndRespondReadStandardInput() throws {
        try FMProcess.requireDefaultModel()
        let argument = try FMProcess.run(["count-tokens", "The quick brown fox."])
        let piped = try FMProcess.run(["count-tokens"], stdin: "The quick brown fox.\n")
        #expect(argument.status == 0)
        #expect(piped.stdout == argument.stdout)
        #expect(Int(argument.stdout.trimmingCharacters(in: .newlines)) ?? 0 > 0)
        // tokenize keeps every byte of standard input (the newline too) and reads it for '-'.
        let exact = try FMProcess.run(["tokenize", "-"], stdin: "a b\n")
        #expect(exact.stdout != (try FMProcess.run(["tokenize", "a b"])).stdout)
        #expect(exact.stdout == (try FMProcess.run(["tokenize"], stdin: "a b\n")).stdout)

        let respond = try FMProcess.run(["respond", "--greedy", "--max-tokens", "6"], stdin: "Say hello.\n")
        #expect(respond.status == 0)
        #expect(!respond.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        // Greedy: the same prompt as an argument gives the same answer; in a pipe no progress bar or colour.
        let same = try FMProcess.run(["respond", "--greedy", "--max-tokens", "6", "Say hello."])
        #expect(same.stdout == respond.stdout)
        #expect(respond.stderr.isEmpty)
        #expect(!respond.stdout.contains("\u{1B}"))
    }

    @Test func textSegmentsJoinThePrompt() throws {
        try FMProcess.requireDefaultModel()
        let segments = try FMProcess.run(["count-tokens", "--text", "Hello", "--text", "world"])
        let lines = try FMProcess.run(["count-tokens"], stdin: "Hello\nworld")
        #expect(segments.status == 0)
        #expect(segments.stdout == lines.stdout)
    }
}
