import Foundation

extension LanguageModelSession {
    /// An error thrown by a tool while the session called it, wrapped so the caller knows
    /// which tool failed.
    ///
    /// ```swift
    /// catch let error as LanguageModelSession.ToolCallError {
    ///     print("\(error.tool.name) failed: \(error.underlyingError)")
    /// }
    /// ```
    public struct ToolCallError: Swift.Error, LocalizedError, Sendable {
        /// The tool that failed.
        public var tool: any Tool
        /// The error the tool threw.
        public var underlyingError: any Swift.Error

        /// Creates a tool call error.
        ///
        /// - parameter tool: The tool that failed.
        /// - parameter underlyingError: The error the tool threw.
        public init(tool: any Tool, underlyingError: any Swift.Error) {
            self.tool = tool
            self.underlyingError = underlyingError
        }

        /// A description naming the tool and its error.
        public var errorDescription: String? {
            "The tool '\(tool.name)' failed: \(underlyingError.localizedDescription)"
        }
    }
}

/// The name this package gave ``LanguageModelSession/ToolCallError`` before it was nested as in
/// Apple's API (beyond Apple's API).
///
/// Kept, not deprecated, so code written against this package's earlier versions keeps
/// compiling without warnings; new code should spell it `LanguageModelSession.ToolCallError`.
public typealias ToolCallError = LanguageModelSession.ToolCallError
