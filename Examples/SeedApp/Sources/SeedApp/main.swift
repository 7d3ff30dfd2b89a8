import Foundation
import FoundationModels

// The seed workflows (../../shared/seeds) as one command each:
//
//     swift run -c release SeedApp [WORKFLOW ...]      # no argument: all of them, in order
//
// Exit status: 0 when every workflow kept its guarantees, 1 when one broke them (or failed
// with an error no guarantee covers), 2 when the model was unavailable and workflows could
// only degrade, 64 for an unknown workflow name.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains(where: { ["-h", "--help", "help", "list"].contains($0) }) {
    print("usage: SeedApp [WORKFLOW ...]   (no argument runs them all)\n")
    for workflow in Workflow.all { print("  \(workflow.name.padding(toLength: 13, withPad: " ", startingAt: 0))\(workflow.summary)") }
    exit(0)
}
let unknown = arguments.filter { name in !Workflow.all.contains { $0.name == name } }
guard unknown.isEmpty else {
    let known = Workflow.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("SeedApp: unknown workflow \(unknown.map { "'\($0)'" }.joined(separator: ", ")); known: \(known)\n".utf8))
    exit(64)
}
let selected = arguments.isEmpty ? Workflow.all : Workflow.all.filter { arguments.contains($0.name) }

let model = SystemLanguageModel.default
print("model: \(ModelDescription.current) | \(ModelDescription.availability(model.availability)) | context \(model.contextSize) tokens")

var failed: [String] = []
var degraded: [String] = []
let clock = ContinuousClock()
for workflow in selected {
    print("\n== \(workflow.name): \(workflow.summary)")
    fflush(nil)
    if workflow.needsModel, !model.isAvailable {
        // The gate of seed 002: say why, and do not call the model.
        show("skipped:", AssistantGate.State(model.availability).explanation)
        degraded.append(workflow.name)
        continue
    }
    let start = clock.now
    do {
        try await workflow.run()
        show("ok (\(ModelDescription.seconds(clock.now - start)))")
    } catch {
        show("FAILED: \(error)")
        failed.append(workflow.name)
    }
}

print("")
if !failed.isEmpty {
    print("seed workflows: \(failed.count) broke a guarantee: \(failed.joined(separator: ", "))")
    exit(1)
}
if !degraded.isEmpty {
    print("seed workflows: the model is unavailable; \(degraded.joined(separator: ", ")) only degraded")
    exit(2)
}
print("seed workflows: \(selected.count) ran, every guarantee kept")
