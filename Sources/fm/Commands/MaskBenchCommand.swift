import ArgumentParsing
import Foundation
import JSONCore
import LocalInference
import StructuredDecoding

/// `fm bench maskbench`: runs MaskBench (JSON Schema test instances) through the grammar layer on a
/// real model's vocabulary and reports correctness and per-token mask time.
///
/// For every schema that compiles, every test instance is tokenized with the model's tokenizer
/// and fed token by token: before each token the allowed-token mask is computed (timed) and the
/// token must be in it; at the end an end-of-generation token must be allowed. An instance is
/// accepted when its JSON text in instance key order, or re-serialized in schema property order
/// (the order the grammar emits), passes. Valid instances must be accepted, invalid rejected.
///
/// Compile time is measured to the first mask (compile + first mask), as llguidance's
/// benchmark does; that first mask is not counted again in the mask times.
struct MaskBenchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "maskbench",
            abstract: "Check grammar masks against MaskBench instances and time them.",
            discussion: """
                <file> is MaskBench (one {"id","schema","tests":[{"data","valid"}]} object per line,
                gzip-compressed or plain), e.g. ../shared/testdata/maskbench/maskbench.jsonl.gz. Uses the
                model's tokenizer.
                """)
    }

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false
    @Option(help: "Only the first N schemas.", valueName: "n")
    var limit: Int?
    @Flag(help: "Print each failing schema and instance to standard error.")
    var verbose = false
    @OptionGroup var model: ModelOptions
    @Argument(help: "The MaskBench file.", valueName: "file")
    var file: String

    func validate() throws {
        if let limit, limit < 1 { throw UsageError("--limit must be at least 1, got \(limit)") }
    }

    func run() async throws {
        let tokenizer = try Tokenizer(gguf: GGUFFile(contentsOf: model.url()))
        let vocabulary = TokenVocabulary(tokenizer: tokenizer)
        let endToken = vocabulary.endOfGenerationTokenIDs.min() ?? -1
        let compiler = GrammarCompiler(vocabulary: vocabulary)
        var lines = try MaskBenchCommand.readLines(file)
        if let limit { lines = Array(lines.prefix(limit)) }

        var total = 0, compiled = 0, passing = 0, invalidAccepted = 0, validRejected = 0
        var maskTimes: [Double] = [], compileTimes: [Double] = []
        var errorCounts: [String: Int] = [:]
        var mask = [UInt64](repeating: 0, count: vocabulary.maskWordCount)
        for line in lines where !line.isEmpty {
            guard let entry = try? JSONValue(parsing: line), let schema = entry["schema"] else { continue }
            total += 1
            if MaskBenchCommand.slowMaskLog { Terminal.log("schema \(entry["id"]?.string ?? "?")") }
            let started = DispatchTime.now().uptimeNanoseconds
            let grammar: CompiledGrammar
            do {
                compiler.removeCachedGrammars()
                grammar = try compiler.compile(jsonSchema: schema)
            } catch {
                let key = "\(error.kind) \(error.keyword)"
                errorCounts[key, default: 0] += 1
                if verbose { Terminal.log("compile \(entry["id"]?.string ?? "?"): \(error)") }
                continue
            }
            GrammarMatcher(grammar: grammar).fillAllowedTokens(into: &mask)
            compileTimes.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1000)
            compiled += 1
            var allRight = true
            for test in entry["tests"]?.array ?? [] {
                guard let data = test["data"], let valid = test["valid"]?.bool else { continue }
                var candidates = [data.serialized()]
                let reordered = SchemaOrder(root: schema).reorder(data, schema: schema).serialized()
                if reordered != candidates[0] { candidates.append(reordered) }
                var accepted = false
                for text in candidates where !accepted {
                    let tokens = tokenizer.encode(text, addSpecialTokens: false)
                    accepted = MaskBenchCommand.feed(tokens, endToken: endToken, grammar: grammar, mask: &mask, times: &maskTimes)
                }
                // Branch-dependent member orders (oneOf/anyOf of objects with their own
                // orders): look for any member order of the same value in the grammar.
                // Keys are tried in schema order first (named members lead).
                var search = GrammarGuidedOrder(grammar: grammar)
                if !accepted, let bytes = search.serialize(SchemaOrder(root: schema).reorder(data, schema: schema)) {
                    let text = String(decoding: bytes, as: UTF8.self)
                    candidates.append(text)
                    let tokens = tokenizer.encode(text, addSpecialTokens: false)
                    accepted = MaskBenchCommand.feed(tokens, endToken: endToken, grammar: grammar, mask: &mask, times: &maskTimes)
                }
                if accepted != valid {
                    allRight = false
                    if valid { validRejected += 1 } else { invalidAccepted += 1 }
                    if verbose {
                        Terminal.log("\(valid ? "valid rejected" : "invalid accepted") \(entry["id"]?.string ?? "?"): \(candidates.last ?? "")")
                    }
                }
            }
            if allRight { passing += 1 }
        }
        let report = Report(total: total, compiled: compiled, passing: passing, invalidAccepted: invalidAccepted,
                            validRejected: validRejected, maskTimes: maskTimes, compileTimes: compileTimes)
        if json { JSONOutput.write(report.json) } else { Terminal.write(report.table + "\n") }
        if verbose {
            for (key, count) in errorCounts.sorted(by: { $0.value > $1.value }) { Terminal.log("\(count)\t\(key)") }
        }
    }

    /// Feeds tokens with a timed mask before each; true when every token is allowed and the
    /// value can end afterwards.
    static let slowMaskLog = ProcessInfo.processInfo.environment["FM_MASKBENCH_SLOW"] != nil

    static func feed(_ tokens: [Int32], endToken: Int32, grammar: CompiledGrammar, mask: inout [UInt64],
                     times: inout [Double]) -> Bool {
        let matcher = GrammarMatcher(grammar: grammar)
        for token in tokens + [endToken] {
            let before = slowMaskLog ? grammar.dfaStateCount : 0
            let started = DispatchTime.now().uptimeNanoseconds
            matcher.fillAllowedTokens(into: &mask)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1000
            times.append(elapsed)
            if slowMaskLog, elapsed > 300 {
                let allowed = mask.reduce(0) { $0 + $1.nonzeroBitCount }
                Terminal.log("slow mask \(Int(elapsed))us new DFA states \(grammar.dfaStateCount - before) allowed \(allowed) nfa \(grammar.automatonSize)")
            }
            guard token >= 0, mask[Int(token) >> 6] & (1 << (UInt64(token) & 63)) != 0 else { return false }
            guard matcher.accept(token) else { return false }
        }
        return true
    }

    static func readLines(_ path: String) throws -> [ArraySlice<UInt8>] {
        let data: Data
        if path.hasSuffix(".gz") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["gzip", "-dc", path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CommandError("gzip -dc \(path) failed (exit \(process.terminationStatus))", status: .noInput) }
        } else {
            data = try FileInput.data(path)
        }
        return [UInt8](data).split(separator: UInt8(ascii: "\n"))
    }

    struct Report {
        var total, compiled, passing, invalidAccepted, validRejected: Int
        var maskTimes, compileTimes: [Double]

        static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
        }

        var numbers: [(String, Double)] {
            let masks = maskTimes.sorted(), compiles = compileTimes.sorted()
            func average(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
            return [
                ("schemas_total", Double(total)), ("schemas_compiled", Double(compiled)),
                ("schemas_passing", Double(passing)), ("invalid_accepted", Double(invalidAccepted)),
                ("valid_rejected", Double(validRejected)), ("mask_us_p50", Report.percentile(masks, 0.5)),
                ("mask_us_avg", average(masks)), ("mask_us_p99", Report.percentile(masks, 0.99)),
                ("compile_us_p50", Report.percentile(compiles, 0.5)), ("compile_us_avg", average(compiles)),
            ]
        }

        /// Counts as integers, times in µs rounded to 0.01.
        var json: JSONValue {
            .object(JSONObject(numbers.map { key, value in
                let isCount = key.hasPrefix("schemas") || key.hasSuffix("accepted") || key.hasSuffix("rejected")
                return (key: key, value: isCount ? JSONOutput.number(Int(value)) : JSONOutput.number((value * 100).rounded() / 100))
            }))
        }

        var table: String {
            numbers.map { key, value in
                let text = key.hasPrefix("schemas") || key.hasSuffix("accepted") || key.hasSuffix("rejected")
                    ? String(Int(value)) : String(format: "%.1f", value)
                return key.padding(toLength: 18, withPad: " ", startingAt: 0) + text
            }.joined(separator: "\n") + "\nmasks timed: \(maskTimes.count)"
        }
    }
}

extension TokenVocabulary {
    /// The vocabulary as the grammar layer sees it: control tokens are special, the tokenizer's
    /// end-of-generation tokens end values.
    init(tokenizer: Tokenizer) {
        var bytes: [[UInt8]] = []
        var special = Set<Int32>()
        for id in 0..<Int32(tokenizer.vocabularySize) {
            bytes.append(tokenizer.tokenBytes(id))
            if tokenizer.isControl(id) { special.insert(id) }
        }
        self.init(tokenBytes: bytes, specialTokenIDs: special, endOfGenerationTokenIDs: tokenizer.endOfGenerationTokenIDs)
    }
}

/// Re-serializes an instance with object keys in the order the grammar emits them: the
/// schema's `properties` order (following `$ref`, `allOf`, `anyOf`, `oneOf`; when several
/// subschemas contribute properties, the document order the compiler uses for merged objects),
/// then the rest in instance order.
struct SchemaOrder {
    let root: JSONValue
    let documentOrder: [String: Int]

    init(root: JSONValue) {
        self.root = root
        self.documentOrder = JSONPropertyOrder.documentOrder(root)
    }

    func reorder(_ value: JSONValue, schema: JSONValue) -> JSONValue {
        let schemas = collect(schema, depth: 0)
        switch value {
        case .object(let object):
            var order: [String] = []
            var propertySchemas: [String: [JSONValue]] = [:]
            var additional: [JSONValue] = []
            for candidate in schemas {
                if let properties = candidate["properties"]?.object {
                    for (name, propertySchema) in properties {
                        if !order.contains(name) { order.append(name) }
                        propertySchemas[name, default: []].append(propertySchema)
                    }
                }
                if let extra = candidate["additionalProperties"], extra.object != nil { additional.append(extra) }
            }
            if schemas.filter({ $0["properties"]?.object != nil }).count > 1 {
                order = order.enumerated().sorted {
                    (documentOrder[$0.element] ?? Int.max, $0.offset) < (documentOrder[$1.element] ?? Int.max, $1.offset)
                }.map(\.element)
            }
            var members: [(key: String, value: JSONValue)] = []
            for name in order {
                if let member = object[name] {
                    members.append((name, reorder(member, schemas: propertySchemas[name] ?? [])))
                }
            }
            for (name, member) in object where !order.contains(name) {
                members.append((name, reorder(member, schemas: additional)))
            }
            return .object(JSONObject(members))
        case .array(let items):
            var itemSchemas: [JSONValue] = []
            var prefixSchemas: [[JSONValue]] = []
            for candidate in schemas {
                if let single = candidate["items"], single.object != nil { itemSchemas.append(single) }
                for key in ["prefixItems", "items"] {
                    if let list = candidate[key]?.array {
                        for (index, item) in list.enumerated() {
                            if prefixSchemas.count <= index { prefixSchemas.append([]) }
                            prefixSchemas[index].append(item)
                        }
                    }
                }
            }
            return .array(items.enumerated().map { index, item in
                reorder(item, schemas: index < prefixSchemas.count ? prefixSchemas[index] + itemSchemas : itemSchemas)
            })
        default:
            return value
        }
    }

    private func reorder(_ value: JSONValue, schemas: [JSONValue]) -> JSONValue {
        reorder(value, schema: .object(JSONObject([(key: "anyOf", value: .array(schemas))])))
    }

    /// The schema and every schema it combines with, `$ref`s resolved.
    private func collect(_ schema: JSONValue, depth: Int) -> [JSONValue] {
        guard depth < 16, let object = schema.object else { return [] }
        var result = [schema]
        if let reference = object["$ref"]?.string, let target = resolve(reference) {
            result += collect(target, depth: depth + 1)
        }
        for key in ["allOf", "anyOf", "oneOf"] {
            for branch in object[key]?.array ?? [] { result += collect(branch, depth: depth + 1) }
        }
        return result
    }

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var current = root
        for token in reference.dropFirst(1).split(separator: "/") {
            let name = String(token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                .removingPercentEncoding ?? String(token)
            if let next = current[name] {
                current = next
            } else if let array = current.array, let index = Int(name), array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }
}
