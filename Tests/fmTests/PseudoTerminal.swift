import Foundation
import Testing

/// Runs `fm` with a pseudo-terminal (openpty from Glibc) as its standard input, output and
/// error, so that it behaves as it does for a person at a terminal (line editor, colour,
/// progress bar), and lets the test type keys and read what appears on the screen.
final class PseudoTerminal {
    private let master: Int32
    private let process = Process()
    private var bytes: [UInt8] = []

    /// Everything the program wrote so far.
    var screen: String { String(decoding: bytes, as: UTF8.self) }

    init(_ arguments: [String], environment: [String: String] = [:], columns: UInt16 = 100,
         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let binary = try #require(FMProcess.binary, "the fm executable is not in the build directory", sourceLocation: sourceLocation)
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&master, &slave, nil, nil, &size) == 0, "openpty failed: errno \(errno)", sourceLocation: sourceLocation)
        self.master = master
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = binary
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["TERM"] = "xterm-256color"
        variables["NO_COLOR"] = nil
        process.environment = variables.merging(environment) { $1 }
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        try terminal.close()   // the child has its copies; EOF on the master once it exits
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Types `text` (raw bytes: "\r" is Enter, "\u{7F}" Backspace, "\u{1B}[A" ↑).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            _ = write(master, base, buffer.count)
        }
    }

    /// Reads until `text` appears after byte offset `start` of the screen; the offset just
    /// past it, or nil on timeout or when the program ends first.
    func waitFor(_ text: String, after start: Int = 0, timeout: Double = 240) -> Int? {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = Self.find(needle, in: bytes, from: start) { return end }
            guard Date() < deadline, readAvailable(waiting: 0.2) else { return Self.find(needle, in: bytes, from: start) }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for offset in start...(haystack.count - needle.count) where haystack[offset] == needle[0] {
            if haystack[offset..<(offset + needle.count)].elementsEqual(needle) { return offset + needle.count }
        }
        return nil
    }

    /// Waits for the program to end, reading what it still writes; its exit status, or nil on timeout.
    func waitForExit(timeout: Double = 120) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let open = readAvailable(waiting: 0.1)
            if !process.isRunning, !open {
                process.waitUntilExit()
                return process.terminationStatus
            }
        }
        return nil
    }

    /// Reads what is available within `seconds`; false once the terminal is closed.
    private func readAvailable(waiting seconds: Double) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(seconds * 1000))
        guard ready > 0 else { return ready == 0 }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { return false }   // EIO: every slave descriptor is closed
        bytes += buffer[..<count]
        return true
    }
}
