import CambioCore
import CambioStore
import Foundation

/// The rate history on disk, opened once per run when first needed (beside the shared ECB
/// history, the cached answers recorded), and every new answer recorded in it. An answer that arrives before
/// the store is open, or that could not be written, is kept and written with the next one.
/// In the window every access to the store runs on the store's own thread (`HistoryStore.off`):
/// another process holding its write lock delays the writes, never the window. The command line
/// (`openNow`) writes on its own thread.
@MainActor public final class HistoryAccess {
    private(set) var store: HistoryStore?
    /// The open store as the pages use it (made once, when it opens).
    public private(set) var opened: (any RateHistory)?
    public private(set) var failure: Wording?
    /// Told of problems found while opening or recording (the window's banner, the CLI's stderr).
    public var onProblem: (@MainActor (Wording) -> Void)?
    private let paths: AppPaths
    private let bundle: URL?
    private let cached: [ProviderSnapshot]
    /// The store's sync with Frankfurter, through the engine's session.
    private let makeSync: @MainActor (HistoryStore) -> HistorySync
    private var waiting: [@MainActor (HistoryStore?) -> Void] = []
    private var started = false
    private var pending: [DayPublication] = []
    /// A write is under way on the store's thread.
    private var writing = false
    /// Opened by `openNow` (the command line): records are written at once, on this thread.
    private var synchronous = false

    init(paths: AppPaths, bundle: URL?, cached: [ProviderSnapshot], sync: @escaping @MainActor (HistoryStore) -> HistorySync) {
        self.paths = paths; self.bundle = bundle; self.cached = cached; makeSync = sync
    }

    /// The store is being opened on another thread (`whenReady`), not yet open or failed.
    public var isOpening: Bool { started && store == nil && failure == nil }

    /// Opens the store now, on this thread (the command line, which reads and writes it itself).
    public func openNow() throws -> HistoryStore {
        synchronous = true
        if let store {
            // What the store's thread is writing is written before the store is used here.
            HistoryStore.finishWork()
            return store
        }
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

    /// The ECB's days newer than the history and the pairs' official histories, from Frankfurter
    /// through the engine's session, for a store the command line opened (`openNow`).
    public func sync(_ store: HistoryStore) -> HistorySync { makeSync(store) }

    /// The rate function that shows a plan priced in `priceCurrency` in `shown`: nil when no
    /// conversion is needed; for another currency, the history of the pair (read here).
    public nonisolated static func dcaRate(priceCurrency: String, shown: String, store: () throws -> HistoryStore) throws -> ((Day) -> Decimal?)? {
        let conversion = DCAConversion.plan(priceCurrency: priceCurrency, shown: shown)
        guard case .needsHistory(let from, let to) = conversion else {
            return conversion.rate(priceCurrency: priceCurrency, history: nil)
        }
        let history = try store().history(from: from, to: to, end: Day.today())
        return conversion.rate(priceCurrency: priceCurrency, history: history)
    }

    /// Calls `body` once the history is open (at once when it is), or with nil when it failed.
    /// The first call opens it on the store's thread (a migration may take a moment).
    public func whenReady(_ body: @escaping @MainActor ((any RateHistory)?) -> Void) {
        whenStoreReady { [weak self] _ in body(self?.opened) }
    }

    func whenStoreReady(_ body: @escaping @MainActor (HistoryStore?) -> Void) {
        if store != nil || failure != nil { body(store); return }
        waiting.append(body)
        guard !started else { return }
        started = true
        let paths = paths, bundle = bundle, cached = cached
        Task { @MainActor in
            let outcome = await HistoryStore.onWorker { () -> Result<(HistoryStore, [Wording]), Error> in
                Result { try HistoryStore.prepared(paths: paths, bundle: bundle, cached: cached) }
            }
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
        opened = OpenHistory(store: store, sync: makeSync(store))
        if !synchronous {
            store.onLockWait { waiting in
                Task { @MainActor [weak self] in self?.lockWaitChanged(waiting) }
            }
        }
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

    /// Writes what is pending: on the store's thread (the window), or here (the command line).
    /// A write under way takes what arrives meanwhile once it ends.
    private func flushPending() {
        guard let store, !pending.isEmpty, !writing else { return }
        guard !synchronous else {
            do {
                try store.record(pending)
                pending.removeAll()
            } catch {
                notWritten(error)
            }
            return
        }
        let batch = pending
        pending.removeAll()
        writing = true
        // Queued on the store's thread at once, so that every read asked after this record
        // (the History page showing a rate just set) comes after the write and sees it.
        store.offNow({ try $0.record(batch) }) { [self] outcome in
            self.writing = false
            switch outcome {
            case .success:
                self.flushPending()
            case .failure(let error):
                // Kept, before what arrived meanwhile, for the next answer to write.
                self.pending = batch + self.pending
                self.notWritten(error)
            }
        }
    }

    private func notWritten(_ error: Error) {
        onProblem?(Wording("The rate history was not updated: %@. It is kept as it was, and the new rates are written with the next ones.",
                           Wording(error: error)))
    }

    /// Whether every record made so far is written (tests).
    public var allWritten: Bool { pending.isEmpty && !writing }

    /// True while work on the store waits for another process's write (a command-line import):
    /// what is new is written once it is done, unless it takes longer than the busy timeout.
    public private(set) var waitingForLock = false
    private var lockObservers: [@MainActor () -> Void] = []

    /// Told whenever `waitingForLock` changes.
    public func observeLock(_ body: @escaping @MainActor () -> Void) { lockObservers.append(body) }

    private func lockWaitChanged(_ waiting: Bool) {
        guard waiting != waitingForLock else { return }
        waitingForLock = waiting
        lockObservers.forEach { $0() }
    }
}

/// The history could not be opened earlier in this run.
public struct HistoryFailure: Error, Worded {
    public let wording: Wording
}
