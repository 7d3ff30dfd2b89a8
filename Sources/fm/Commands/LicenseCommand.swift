import ArgumentParsing
import Foundation
import JSONCore
import LocalInference

/// `fm license`: the terms that apply. Apple's `fm license` shows Apple's terms and records
/// that the machine agreed to them; here there is nothing to agree to, and the license that
/// matters is the model's, read from its GGUF metadata.
struct LicenseCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "license",
            abstract: "Show the model's license (nothing needs to be agreed to).",
            discussion: """
                Apple's fm asks once per machine to agree to Apple's terms ('sudo fm license') and exits
                with status 69 until then. This fm runs open models and asks for nothing: every command
                works without this one. It prints the license the model file declares (GGUF
                general.license, general.license.name, general.license.link) so that it can be checked
                before use; --status says that no agreement is needed.
                """)
    }

    @Flag(help: "Say whether an agreement is needed (it never is) and exit.")
    var status = false
    @Flag(help: "Print one JSON object.")
    var json = false
    @OptionGroup var model: ModelOptions

    static let noAgreement = "No agreement is needed: fm runs open models locally and records nothing."

    func run() async throws {
        if status {
            if json { JSONOutput.write(["agreement_needed": false]) } else { Terminal.line(Self.noAgreement) }
            return
        }
        let url = try model.url()
        let metadata = try GGUFFile(contentsOf: url).metadata
        let license = metadata.string("general.license")
        let name = metadata.string("general.license.name")
        let link = metadata.string("general.license.link")
        if json {
            JSONOutput.write([
                "agreement_needed": false, "model": .string(url.lastPathComponent),
                "license": license.map { .string($0) } ?? .null, "license_name": name.map { .string($0) } ?? .null,
                "license_link": link.map { .string($0) } ?? .null,
            ])
            return
        }
        Terminal.line(Self.noAgreement)
        Terminal.line("Model: \(url.lastPathComponent)")
        if license == nil, name == nil, link == nil {
            Terminal.line("  The file declares no license (general.license); check where it came from before using it.")
        }
        if let license { Terminal.line("  license: \(license)" + (Self.spdxLink(license).map { " (\($0))" } ?? "")) }
        if let name { Terminal.line("  name: \(name)") }
        if let link { Terminal.line("  link: \(link)") }
    }

    /// The SPDX page of a license identifier that looks like one (`apache-2.0`, `mit`).
    static func spdxLink(_ identifier: String) -> String? {
        let known = ["apache-2.0": "Apache-2.0", "mit": "MIT", "bsd-3-clause": "BSD-3-Clause", "cc-by-4.0": "CC-BY-4.0"]
        return known[identifier.lowercased()].map { "https://spdx.org/licenses/\($0).html" }
    }
}
