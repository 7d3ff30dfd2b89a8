import Foundation

/// An error thrown by a tool while the session called it; the session rethrows it wrapped in
/// this type so the caller knows which tool failed.
public struct ToolCallError: Error, LocalizedError, Sendable {
    /// The tool that failed.
    public var tool: any Tool
    /// The error the tool threw.
    public var underlyingError: any Error

    public init(tool: any Tool, underlyingError: any Error) {
        self.tool = tool
        self.underlyingError = underlyingError
    }

    public var errorDescription: String? {
        "The tool '\(tool.name)' failed: \(underlyingError.localizedDescription)"
    }
}
