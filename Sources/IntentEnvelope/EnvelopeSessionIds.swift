import Foundation
import FoundationModels
import Synchronization

/// The envelope session ids handed out so far, one per live `LanguageModelSession`.
///
/// `LanguageModelSession` has no identifier of its own (Apple's has none either), and this
/// module may not add stored properties to it, so ids live in a side table keyed by the
/// session's object identity. Each entry also holds the session weakly: an `ObjectIdentifier`
/// can be reused by a new object once the old one is freed, and a dead weak reference tells
/// the two apart, so a new session never inherits an old session's id.
final class EnvelopeSessionIds: Sendable {
    static let shared = EnvelopeSessionIds()

    private struct Entry {
        weak var session: LanguageModelSession?
        let id: String
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Entry count above which dead entries are swept; doubles after each sweep, so
        /// sweeping costs amortized O(1) per new session and the table stays at most about
        /// twice the number of live sessions.
        var sweepThreshold = 64
    }

    private let table = Mutex(Table())

    /// The id of `session`, made on first request: `lm_` and 32 lowercase hex digits of a
    /// random (version 4) UUID.
    func id(for session: LanguageModelSession) -> String {
        let key = ObjectIdentifier(session)
        return table.withLock { table in
            if let entry = table.entries[key], entry.session === session { return entry.id }
            if table.entries.count >= table.sweepThreshold {
                table.entries = table.entries.filter { $0.value.session != nil }
                table.sweepThreshold = max(64, table.entries.count * 2)
            }
            let id = Self.makeId()
            table.entries[key] = Entry(session: session, id: id)
            return id
        }
    }

    /// The number of entries in the table, live or not yet swept (for tests).
    var count: Int { table.withLock { $0.entries.count } }

    private static func makeId() -> String {
        "lm_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }
}
