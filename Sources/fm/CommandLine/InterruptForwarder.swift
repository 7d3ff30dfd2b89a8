import ArgumentParsing
import Dispatch
import Foundation
import Synchronization

/// Turns Ctrl-C (SIGINT) into cancelling the task that is generating, so that `fm chat` stops
/// a response instead of dying; with no task running, Ctrl-C ends the process (status 130) as
/// usual.
final class InterruptForwarder {
    /// The task Ctrl-C cancels, shared with the signal handler (which runs on a dispatch queue).
    private final class Slot: Sendable {
        let task = Mutex<Task<String, any Error>?>(nil)
    }

    private let slot = Slot()
    private let source: any DispatchSourceSignal

    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [slot] in
            guard let task = slot.task.withLock({ $0 }) else { exit(ExitCode.interrupted.rawValue) }
            task.cancel()
        }
        source.resume()
    }

    /// The task Ctrl-C cancels (nil: Ctrl-C exits).
    func forward(to task: Task<String, any Error>?) {
        slot.task.withLock { $0 = task }
    }

    /// Restores the default Ctrl-C behaviour.
    func stop() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
