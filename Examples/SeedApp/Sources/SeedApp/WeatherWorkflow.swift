import Foundation
import FoundationModels
import Synchronization

/// Seed 000's `currentWeather` tool, answering from a fixed table instead of a weather service
/// so that the run needs no network and every answer can be checked against it.
struct WeatherTool: Tool {
    let name = "currentWeather"
    let description = "Returns the current temperature and sky of the given city."

    @Generable
    struct Arguments {
        @Guide(description: "The city's name in English, for example Seoul")
        let city: String
    }

    /// Canned weather by lowercased city name.
    static let table: [String: (celsius: Int, sky: String)] = [
        "seoul": (21, "clear"), "busan": (25, "partly cloudy"), "incheon": (19, "hazy"),
        "daegu": (27, "clear"), "jeju": (23, "light rain"),
    ]

    /// Every call the model made, in order, with what the tool answered.
    let calls: CallLog

    func call(arguments: Arguments) async throws -> String {
        let city = arguments.city.trimmingCharacters(in: .whitespacesAndNewlines)
        let answer = if let weather = Self.table[city.lowercased()] {
            "\(city): \(weather.celsius)°C, \(weather.sky)"
        } else {
            // Not an error: the model asked for a city the table lacks, and it is told so.
            "\(city): no weather data (known cities: Seoul, Busan, Incheon, Daegu, Jeju)"
        }
        calls.append(city: arguments.city, answer: answer)
        return answer
    }
}

/// The calls a tool received; tool calls of one turn run concurrently, hence the lock.
final class CallLog: Sendable {
    private let entries = Mutex<[(city: String, answer: String)]>([])

    func append(city: String, answer: String) { entries.withLock { $0.append((city, answer)) } }
    var all: [(city: String, answer: String)] { entries.withLock { $0 } }
}

enum WeatherWorkflow {
    @Sendable static func run() async throws {
        let log = CallLog()
        let session = LanguageModelSession(
            tools: [WeatherTool(calls: log)],
            instructions: "When the user asks about the weather, use the currentWeather tool for each city."
        )
        session.maximumToolCallRounds = 2
        let question = "What is the temperature difference between Seoul and Busan today?"
        show("question:", question)
        var answer: String?
        do {
            let response = try await session.respond(
                to: question, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 80))
            answer = response.content
        } catch LanguageModelSession.GenerationError.decodingFailure(let context)
                    where context.debugDescription.contains("maximumToolCallRounds") {
            // The loop is bounded: a model that keeps calling gets no answer, not a hang.
            show("no answer:", context.debugDescription)
        }
        let calls = log.all
        show("calls made: \(calls.count)")
        for call in calls { show("currentWeather(city: \"\(call.city)\") -> \(call.answer)", indent: 2) }
        if let answer { show("answer:", answer.isEmpty ? "(empty)" : answer) }

        // On success the transcript holds each call the tool received, under the tool's name.
        guard answer != nil else { return }
        var recorded: [String] = []
        for entry in session.transcript {
            guard case .toolCalls(let turn) = entry else { continue }
            for call in turn {
                try require(call.toolName == "currentWeather", "a call names '\(call.toolName)', a tool the session lacks")
                recorded.append(try WeatherTool.Arguments(call.arguments).city)
            }
        }
        // The calls of one turn run concurrently, so the log may hold them in another order.
        try require(recorded.sorted() == calls.map(\.city).sorted(), "the transcript's calls \(recorded) are not the ones the tool ran \(calls.map(\.city))")
    }
}
