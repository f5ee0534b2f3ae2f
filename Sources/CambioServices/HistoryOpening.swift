import CambioCore
import CambioStore

/// The rate history as a surface has it from the engine: opened once, when first needed (on the
/// store's thread in the window, at once on the command line's), handed out as a `RateHistory`,
/// with its failure and the wait for another process's lock in words.
@MainActor public protocol HistoryOpening: AnyObject {
    /// The open store as the pages use it (nil until it is open).
    var opened: (any RateHistory)? { get }
    /// Why it could not be opened.
    var failure: Wording? { get }
    /// It is being opened on the store's thread.
    var isOpening: Bool { get }
    /// Another process holds the store's lock, and the writes wait for it.
    var waitingForLock: Bool { get }
    /// Told of problems found while opening or recording.
    var onProblem: (@MainActor (Wording) -> Void)? { get set }
    /// Calls `body` once the history is open (nil: it failed); the first call opens it.
    func whenReady(_ body: @escaping @MainActor ((any RateHistory)?) -> Void)
    /// Calls `body` when the wait for the lock starts or ends.
    func observeLock(_ body: @escaping @MainActor () -> Void)

    // The command line reads and writes the store itself, on its own thread:
    /// Opens the store now, on this thread.
    func openNow() throws -> HistoryStore
    /// The ECB's newer days and the pairs' official histories from Frankfurter, for a store
    /// opened with `openNow`.
    func sync(_ store: HistoryStore) -> HistorySync
}

extension HistoryAccess: HistoryOpening {}
