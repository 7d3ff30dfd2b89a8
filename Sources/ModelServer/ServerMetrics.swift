import Synchronization

/// The server's counters in Prometheus' text format (`GET /metrics`): requests by endpoint
/// and status, tokens in and out, the queue, time to first token and per-token latency.
final class ServerMetrics: Sendable {
    private struct State {
        var requests: [String: [Int: Int]] = [:]
        var promptTokens = 0
        var cachedTokens = 0
        var completionTokens = 0
        var timeToFirstToken = Histogram(bounds: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30])
        var tokenLatency = Histogram(bounds: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1])
    }

    private let state = Mutex(State())

    func countRequest(endpoint: String, status: Int) {
        state.withLock { $0.requests[endpoint, default: [:]][status, default: 0] += 1 }
    }

    func countTokens(_ usage: (prompt: Int, cached: Int, completion: Int)) {
        state.withLock { state in
            state.promptTokens += usage.prompt
            state.cachedTokens += usage.cached
            state.completionTokens += usage.completion
        }
    }

    func observeTimeToFirstToken(_ duration: Duration) {
        state.withLock { $0.timeToFirstToken.observe(duration.seconds) }
    }

    func observeTokenLatency(_ perToken: Duration, count: Int) {
        state.withLock { $0.tokenLatency.observe(perToken.seconds, count: count) }
    }

    /// The exposition text; `queueDepth` and `active` are read by the caller at scrape time.
    func render(queueDepth: Int, active: Int, ready: Bool) -> String {
        state.withLock { state in
            var text = ""
            text += "# HELP fm_requests_total HTTP requests answered, by endpoint and status.\n# TYPE fm_requests_total counter\n"
            for endpoint in state.requests.keys.sorted() {
                for (status, count) in state.requests[endpoint]!.sorted(by: { $0.key < $1.key }) {
                    text += "fm_requests_total{endpoint=\"\(endpoint)\",status=\"\(status)\"} \(count)\n"
                }
            }
            text += "# HELP fm_prompt_tokens_total Prompt tokens of finished generations (cached ones included).\n# TYPE fm_prompt_tokens_total counter\nfm_prompt_tokens_total \(state.promptTokens)\n"
            text += "# HELP fm_prompt_cached_tokens_total Prompt tokens the KV cache already held.\n# TYPE fm_prompt_cached_tokens_total counter\nfm_prompt_cached_tokens_total \(state.cachedTokens)\n"
            text += "# HELP fm_completion_tokens_total Tokens generated.\n# TYPE fm_completion_tokens_total counter\nfm_completion_tokens_total \(state.completionTokens)\n"
            text += "# HELP fm_queue_depth Requests waiting for a generation slot.\n# TYPE fm_queue_depth gauge\nfm_queue_depth \(queueDepth)\n"
            text += "# HELP fm_requests_generating Requests generating now.\n# TYPE fm_requests_generating gauge\nfm_requests_generating \(active)\n"
            text += "# HELP fm_model_ready Whether the model is loaded (1) or not (0).\n# TYPE fm_model_ready gauge\nfm_model_ready \(ready ? 1 : 0)\n"
            text += state.timeToFirstToken.render(name: "fm_time_to_first_token_seconds", help: "Seconds from admission to the first generated piece.")
            text += state.tokenLatency.render(name: "fm_token_latency_seconds", help: "Seconds per generated token after the first piece.")
            return text
        }
    }
}

/// A cumulative Prometheus histogram.
struct Histogram: Sendable {
    let bounds: [Double]
    private var counts: [Int]
    private var sum = 0.0
    private var total = 0

    init(bounds: [Double]) {
        self.bounds = bounds
        counts = Array(repeating: 0, count: bounds.count)
    }

    mutating func observe(_ value: Double, count: Int = 1) {
        guard value.isFinite, count > 0 else { return }
        for (index, bound) in bounds.enumerated() where value <= bound { counts[index] += count }
        sum += value * Double(count)
        total += count
    }

    func render(name: String, help: String) -> String {
        var text = "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
        for (bound, count) in zip(bounds, counts) { text += "\(name)_bucket{le=\"\(bound)\"} \(count)\n" }
        text += "\(name)_bucket{le=\"+Inf\"} \(total)\n\(name)_sum \(sum)\n\(name)_count \(total)\n"
        return text
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
