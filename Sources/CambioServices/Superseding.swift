/// The newest of one kind of work (a page's fetch of a pair, a stock search, a stock's prices):
/// starting one cancels the one under way, whose requests stop at once (the client's
/// cancellation reaches libsoup), and only the newest one's result is applied.
@MainActor public final class Superseding<Value: Sendable> {
    private var current: Task<Void, Never>?
    private var generation = 0

    public init() {}

    /// Whether work started here has yet to be applied.
    public var isRunning: Bool { current != nil }

    /// Cancels the work under way and starts `work`; `apply` gets its result unless other work
    /// was started, or `cancel` called, meanwhile.
    public func start(_ work: @escaping @MainActor () async -> Value, apply: @escaping @MainActor (Value) -> Void) {
        current?.cancel()
        generation += 1
        let mine = generation
        current = Task { @MainActor in
            let value = await work()
            guard mine == self.generation, !Task.isCancelled else { return }
            self.current = nil
            apply(value)
        }
    }

    /// Cancels the work under way: its result is not applied.
    public func cancel() {
        current?.cancel()
        current = nil
        generation += 1
    }
}
