import CambioCore
import CambioStore
import Foundation

/// The rate history on disk, opened once per run when first needed (beside the shared ECB
/// history, the cached answers recorded), and every new answer recorded in it. An answer that arrives before
/// the store is open, or that could not be written, is kept and written with the next one.
@MainActor public final class HistoryAccess {
    public private(set) var store: HistoryStore?
    public private(set) var failure: Wording?
    /// Told of problems found while opening or recording (the window's banner, the CLI's stderr).
    public var onProblem: (@MainActor (Wording) -> Void)?
    private let paths: AppPaths
    private let bundle: URL?
    private let cached: [ProviderSnapshot]
    private var waiting: [@MainActor (HistoryStore?) -> Void] = []
    private var started = false
    private var pending: [DayPublication] = []

    init(paths: AppPaths, bundle: URL?, cached: [ProviderSnapshot]) {
        self.paths = paths; self.bundle = bundle; self.cached = cached
    }

    /// The store is being opened on another thread (`whenReady`), not yet open or failed.
    public var isOpening: Bool { started && store == nil && failure == nil }

    /// Opens the store now, on this thread (the command line).
    public func openNow() throws -> HistoryStore {
        if let store { return store }
        if let failure { throw HistoryFailure(wording: failure) }
        started = true
        do {
            let (store, problems) = try HistoryStore.prepared(paths: paths, bundle: bundle, cached: cached)
            opened(store, problems)
            return store
        } catch {
            // Thrown to the caller, which says it: not told to onProblem as well.
            failure = Wording(error: error)
            throw error
        }
    }

    /// Calls `body` once the store is open (at once when it is), or with nil when it failed.
    /// The first call opens it on another thread (a migration may take a moment).
    public func whenReady(_ body: @escaping @MainActor (HistoryStore?) -> Void) {
        if store != nil || failure != nil { body(store); return }
        waiting.append(body)
        guard !started else { return }
        started = true
        let paths = paths, bundle = bundle, cached = cached
        Task { @MainActor in
            let outcome = await Task.detached { () -> Result<(HistoryStore, [Wording]), Error> in
                Result { try HistoryStore.prepared(paths: paths, bundle: bundle, cached: cached) }
            }.value
            switch outcome {
            case .success(let (store, problems)): self.opened(store, problems)
            case .failure(let error): self.failed(error)
            }
            let calls = self.waiting
            self.waiting.removeAll()
            calls.forEach { $0(self.store) }
        }
    }

    private func opened(_ store: HistoryStore, _ problems: [Wording]) {
        self.store = store
        problems.forEach { onProblem?($0) }
        flushPending()
    }

    private func failed(_ error: Error) {
        let reason = Wording(error: error)
        failure = reason
        onProblem?(Wording("The rate history could not be opened: %@", reason))
    }

    /// Records a new provider answer (kept until the store is open).
    public func record(_ snapshot: ProviderSnapshot) { record(snapshot.publications) }

    /// Records publications (a user rate's), kept until the store is open.
    public func record(_ publications: [DayPublication]) {
        pending += publications
        if store != nil { flushPending() }
    }

    private func flushPending() {
        guard let store, !pending.isEmpty else { return }
        do {
            try store.record(pending)
            pending.removeAll()
        } catch {
            onProblem?(Wording("The rate history was not updated: %@. It is kept as it was, and the new rates are written with the next ones.",
                               Wording(error: error)))
        }
    }
}

/// The history could not be opened earlier in this run.
public struct HistoryFailure: Error, Worded {
    public let wording: Wording
}
