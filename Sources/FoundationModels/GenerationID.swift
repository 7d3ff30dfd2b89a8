import Foundation

/// A unique identifier for one generated value, stable across the snapshots of a stream.
///
/// Streaming produces many partial versions of the same value; SwiftUI lists and diffing need
/// one identity for all of them, so the identifier is assigned once per generated value.
///
/// ```swift
/// let id = GenerationID()
/// let content = GeneratedContent("text", id: id)
/// content.id == id   // true
/// ```
public struct GenerationID: Sendable, Hashable, Codable, CustomStringConvertible {
    let value: UUID

    /// Creates a new, unique identifier.
    public init() { value = UUID() }

    public var description: String { value.uuidString }
}
