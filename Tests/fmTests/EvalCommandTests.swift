import Foundation
import Testing

/// `fm eval`: the seed tasks scored exactly. What the model answers is not asserted (a small
/// model's greedy answers are its own); the report's shape and the scoring's consistency are.
@Suite("fm eval") struct EvalCommandTests {
    @Test func oneObjectPerTaskThenTheSummary() throws {
        try FMProcess.requireDefaultModel()
        let output = try FMProcess.run(["eval", "--only", "review", "--json", "--threads", "2"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = try output.jsonLines()
        try #require(lines.count == 4)
        #expect(lines.prefix(3).map { $0["id"] as? String } == ["review-1", "review-2", "review-ko"])
        for task in lines.prefix(3) {
            // The schema allows only these answers, so every answer is one of them; a task the
            // session refuses (SmolLM2 reads no Korean) has an error instead, and fails.
            if let answer = task["answer"] as? [String: Any] {
                #expect(["positive", "negative", "neutral"].contains(answer["sentiment"] as? String ?? ""))
                #expect(task["error"] is NSNull)
            } else {
                #expect(task["error"] is String)
                #expect(task["passed"] as? Bool == false)
            }
            #expect(task["passed"] is Bool)
        }
        #expect((lines[2]["error"] as? String)?.hasPrefix("Unsupported language or locale") == true)
        let summary = try #require(lines[3]["summary"] as? [String: Any])
        #expect(summary["tasks"] as? Int == 3)
        #expect(summary["passed"] as? Int == lines.prefix(3).filter { $0["passed"] as? Bool == true }.count)
        #expect((summary["response_tokens_per_second"] as? Double ?? 0) > 0)
    }

    @Test func anUnknownTaskPrefixIsAUsageError() throws {
        let output = try FMProcess.run(["eval", "--only", "reviw"])
        #expect(output.status == 64)
        #expect(output.firstErrorLine == "fm: no eval task starts with 'reviw'; did you mean 'review'?")
    }
}
