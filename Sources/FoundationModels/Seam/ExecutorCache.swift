import Synchronization

/// The executors in use, by executor type and configuration: models with equal
/// configurations share one executor (and whatever it loaded), as Apple's framework does.
///
/// Executors stay for the life of the process; configurations are few (one per model file,
/// endpoint or account), so the cache stays small.
final class ExecutorCache: Sendable {
    static let shared = ExecutorCache()

    private struct Key: Hashable, @unchecked Sendable {
        // @unchecked Sendable: `configuration` wraps a `Configuration`, which the protocol
        // requires to be Sendable; AnyHashable only hides that from the compiler.
        let executorType: ObjectIdentifier
        let configuration: AnyHashable
    }

    private let executors = Mutex<[Key: any LanguageModelExecutor]>([:])

    /// The executor for `model`'s configuration, created on first use.
    ///
    /// - throws: What the executor's `init(configuration:)` throws; nothing is cached then.
    func executor<Model: LanguageModel>(for model: Model) throws -> Model.Executor {
        let configuration = model.executorConfiguration
        let key = Key(executorType: ObjectIdentifier(Model.Executor.self), configuration: AnyHashable(configuration))
        return try executors.withLock { executors in
            if let cached = executors[key] as? Model.Executor { return cached }
            let executor = try Model.Executor(configuration: configuration)
            executors[key] = executor
            return executor
        }
    }
}
