import Testing
@testable import FoundationModels

@Suite("EventCoalescer")
struct EventCoalescerTests {
    typealias Event = LanguageModelExecutorGenerationChannel.Event

    @Test func eventsWithoutIDsJoinOneEntryPerKind() {
        var coalescer = EventCoalescer()
        coalescer.apply(.response(action: .appendText("Hel", tokenCount: 1)))
        coalescer.apply(.response(action: .appendText("lo", tokenCount: 1)))
        #expect(coalescer.responseText == "Hello")
        #expect(coalescer.responseEntries(structure: nil).count == 1)
        #expect(coalescer.usage.output.totalTokenCount == 2)   // no usage reported: the deltas' counts
    }

    @Test func explicitIDsAnchorEntriesAndReplaceReplaces() {
        var coalescer = EventCoalescer()
        coalescer.apply(.response(entryID: "a", action: .appendText("first", tokenCount: 1)))
        coalescer.apply(.response(entryID: "b", action: .appendText("second", tokenCount: 1)))
        coalescer.apply(.response(entryID: "a", action: .appendText(" more", tokenCount: 1)))
        #expect(coalescer.responseText == "first moresecond")
        coalescer.apply(.response(entryID: "b", action: .replaceText("2nd", tokenCount: 1)))
        #expect(coalescer.responseText == "first more2nd")
        #expect(coalescer.responseEntries(structure: nil).map(\.id) == ["a", "b"])
    }

    @Test func usageUpdatesReplaceAndCallsCollectTheirArguments() {
        var coalescer = EventCoalescer()
        coalescer.apply(.response(action: .updateUsage(input: .init(totalTokenCount: 10, cachedTokenCount: 4),
                                                       output: .init(totalTokenCount: 1, reasoningTokenCount: 0))))
        coalescer.apply(.response(action: .updateUsage(input: .init(totalTokenCount: 10, cachedTokenCount: 4),
                                                       output: .init(totalTokenCount: 5, reasoningTokenCount: 0))))
        #expect(coalescer.usage.output.totalTokenCount == 5)
        #expect(coalescer.usage.input.cachedTokenCount == 4)
        coalescer.apply(.toolCalls(action: .toolCall(id: "1", name: "t", action: .appendArguments("{\"a\":", tokenCount: 1))))
        coalescer.apply(.toolCalls(action: .toolCall(id: "2", name: "u", action: .appendArguments("{}", tokenCount: 1))))
        coalescer.apply(.toolCalls(action: .toolCall(id: "1", name: "t", action: .appendArguments("1}", tokenCount: 1))))
        #expect(coalescer.calls.map(\.arguments) == ["{\"a\":1}", "{}"])
        coalescer.apply(.toolCalls(action: .removeToolCall(id: "2")))
        #expect(coalescer.calls.map(\.name) == ["t"])
    }
}
