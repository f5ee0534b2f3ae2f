import CambioCore
import CambioStore
import Foundation

/// The data file, as a window saves it: what another Cambio saved since is kept, under the lock
/// on its folder (CambioStore's `StateStore`).
public struct StateFile: Sendable {
    let store: StateStore

    /// Saves `state`, with the changes made since `base` applied onto what another Cambio saved
    /// in between (unless the file still holds `fileThen`). `lock`: whether to wait while another
    /// Cambio saves, or to throw `FileLock.Busy`.
    @discardableResult
    public func save(_ state: AppState, mergingSince base: AppState?, fileThen: AppState?,
                     lock: FileLock.Wait = .untilFree) throws -> StateSaveReport {
        try store.save(state, mergingSince: base, fileThen: fileThen, lock: lock)
    }
}
