/// The compiled grammars of one `GrammarCompiler`, least recently used first out once their
/// estimated size passes `byteLimit`.
///
/// Keys are the canonical request (the kind, the options and the schema as
/// `JSONValue.serialized()` writes it): the dictionary hashes it with the standard library's
/// per-process seeded hash, and a hit compares the whole text, so no crafted schema can collide
/// with another and be handed its grammar (a server's clients choose the schemas). The text is
/// counted in the entry's size. A grammar's size grows after it is cached
/// (its DFA and mask cache fill in lazily), so the sizes recorded at insertion are re-read
/// whenever their sum passes the limit, and every `refreshInterval` insertions.
///
/// - Note: An insertion costs one size estimate (a lock on the new grammar); a refresh, one
///   per cached grammar; an eviction, a scan of the entries.
struct GrammarCache {
    /// The canonical request, compared in full.
    struct Key: Hashable {
        var canonical: String

        init(_ canonical: String) { self.canonical = canonical }

        var bytes: Int { canonical.utf8.count }
    }

    private struct Entry {
        var grammar: CompiledGrammar
        var lastUse: UInt64
        /// `grammar.estimatedBytes` when last measured.
        var bytes: Int
    }

    /// Insertions between two re-readings of every size.
    static let refreshInterval = 64

    /// The most estimated bytes the cached grammars may hold; the most recent one is kept even
    /// when it alone is larger.
    let byteLimit: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// The sum of the entries' `bytes`.
    private var recordedBytes = 0
    private var insertions = 0

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    var count: Int { entries.count }

    mutating func grammar(for key: Key) -> CompiledGrammar? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.grammar
    }

    /// Caches `grammar`, then drops least recently used grammars until the rest fit.
    mutating func insert(_ grammar: CompiledGrammar, for key: Key) {
        clock += 1
        insertions += 1
        let bytes = grammar.estimatedBytes + key.bytes
        recordedBytes += bytes - (entries[key]?.bytes ?? 0)
        entries[key] = Entry(grammar: grammar, lastUse: clock, bytes: bytes)
        if recordedBytes > byteLimit || insertions % Self.refreshInterval == 0 {
            recordedBytes = 0
            for (cachedKey, entry) in entries {
                let current = entry.grammar.estimatedBytes + cachedKey.bytes
                entries[cachedKey]?.bytes = current
                recordedBytes += current
            }
        }
        while recordedBytes > byteLimit, entries.count > 1,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key, oldest != key {
            recordedBytes -= entries.removeValue(forKey: oldest)?.bytes ?? 0
        }
    }

    mutating func removeAll() {
        entries.removeAll()
        recordedBytes = 0
    }
}

extension CompiledGrammar {
    /// An estimate of the memory the grammar holds now: its automaton, the DFA states built so
    /// far (a 256-entry transition row each) and its cached token masks.
    var estimatedBytes: Int {
        let maskBytes = (vocabulary.count + 63) / 64 * 8
        return dfa.withLock { dfa in
            dfa.nfa.stateCount * 64 + dfa.stateCount * (256 * 4 + 64) + dfa.cachedMasks.count * (maskBytes + 32)
        }
    }
}
