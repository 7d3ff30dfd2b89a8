import Testing
@testable import StructuredDecoding
import TestSupport

/// `ByteDFA.minimized()` keeps the language and reaches the textbook minimal sizes.
@Suite("ByteDFAMinimization") struct ByteDFAMinimizationTests {
    let limits = GrammarLimits()

    /// Every string over `alphabet` up to `length` bytes.
    static func strings(over alphabet: [UInt8], upTo length: Int) -> [[UInt8]] {
        var all: [[UInt8]] = [[]]
        var layer: [[UInt8]] = [[]]
        for _ in 0..<length {
            layer = layer.flatMap { prefix in alphabet.map { prefix + [$0] } }
            all += layer
        }
        return all
    }

    @Test func textbookAutomatonShrinksToFourStates() throws {
        // (a|b)*abb, written redundantly: the subset construction leaves equivalent states.
        let a = GrammarNode.literal("a"), b = GrammarNode.literal("b")
        let node = GrammarNode.sequence([.repetition(.choice([a, b, .sequence([a, a]), .sequence([b, .optional(a)])]), min: 0, max: nil),
                                         .literal("abb")])
        let dfa = try ByteDFA(node, limits: limits, keyword: "t", path: "#")
        let minimal = dfa.minimized()
        #expect(minimal.stateCount == 4)
        for text in ByteDFAMinimizationTests.strings(over: Array("abc".utf8), upTo: 8) {
            #expect(minimal.matches(text) == dfa.matches(text), "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test func emptyAndSingleStateLanguages() throws {
        #expect(ByteDFA.empty.minimized().isEmpty)
        let anything = try ByteDFA(.repetition(.byteSet([0x00...0xFF]), min: 0, max: nil), limits: limits, keyword: "t", path: "#")
        #expect(anything.minimized().stateCount == 1)
        let fixed = try ByteDFA(.choice([.literal("abc"), .literal("xbc"), .literal("ab")]), limits: limits, keyword: "t", path: "#")
        // start, a, x, ab (accepting), xb, and abc/xbc (accepting): a and x differ by "b".
        let minimal = fixed.minimized()
        #expect(minimal.stateCount == 6)
        for text in ByteDFAMinimizationTests.strings(over: Array("abcx".utf8), upTo: 4) {
            #expect(minimal.matches(text) == fixed.matches(text))
        }
    }

    @Test func numberAutomataKeepTheirLanguage() throws {
        func bound(_ text: String, exclusive: Bool = false) throws -> NumberAutomaton.Bound {
            NumberAutomaton.Bound(value: try #require(DecimalValue(literal: text)), isExclusive: exclusive, keyword: "minimum")
        }
        let automata = [
            NumberAutomaton(lower: try bound("-2.5"), upper: try bound("13.25", exclusive: true)),
            NumberAutomaton(lower: try bound("0.05", exclusive: true), multiple: DecimalValue(literal: "0.25")),
            NumberAutomaton(upper: try bound("120"), fractionalOnly: true),
        ]
        var generator = SeededRandom(seed: 42)
        let texts = NumberBoundsTests.randomTexts(&generator, count: 3_000)
        for automaton in automata {
            let divisibility = try automaton.divisibility(limits: limits, path: "#")
            let plain = try automaton.plainForm(divisibility, limits: limits, keyword: "t", path: "#")
            let minimal = plain.minimized()
            #expect(minimal.stateCount <= plain.stateCount)
            for text in texts {
                #expect(minimal.matches(text.utf8) == plain.matches(text.utf8), "\(text)")
            }
        }
    }
}
