import Foundation
import Testing

/// Colour only on a terminal and only without NO_COLOR; plain text in pipes.
@Suite("fm on a terminal") struct TerminalTests {
    @Test func errorsAreColouredOnATerminalUnlessNoColorIsSet() throws {
        let coloured = try PseudoTerminal(["respond", "--model", "/nonexistent/model.gguf", "hi"])
        #expect(coloured.waitForExit() == 69)
        #expect(coloured.screen.contains("\u{1B}[1;31mfm:\u{1B}[0m model file /nonexistent/model.gguf (from --model) does not exist"))
        #expect(coloured.screen.contains("\u{1B}[2mhint:\u{1B}[0m Check the path"))

        let plain = try PseudoTerminal(["respond", "--model", "/nonexistent/model.gguf", "hi"], environment: ["NO_COLOR": "1"])
        #expect(plain.waitForExit() == 69)
        #expect(plain.screen.contains("fm: model file /nonexistent/model.gguf (from --model) does not exist"))
        #expect(!plain.screen.contains("\u{1B}["))

        let piped = try FMProcess.run(["respond", "--model", "/nonexistent/model.gguf", "hi"])
        #expect(piped.stderr.hasPrefix("fm: model file"))
        #expect(!piped.stderr.contains("\u{1B}["))
    }

    @Test func usageErrorsToo() throws {
        let coloured = try PseudoTerminal(["respond", "--gredy"])
        #expect(coloured.waitForExit() == 64)
        #expect(coloured.screen.hasPrefix("\u{1B}[1;31mfm:\u{1B}[0m unknown option '--gredy'; did you mean '--greedy'?"))
    }
}
