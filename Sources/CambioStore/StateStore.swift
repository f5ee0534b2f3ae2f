import CambioCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes the state file. Writes are atomic (a temporary file renamed over the old
/// one). A file that is not Cambio's state is renamed aside, never overwritten, and reported; a
/// file that exists but cannot be read (its permissions, a folder in its place) is kept as it is
/// and never written over. One bad field costs that field only.
public struct StateStore: Sendable {
    public let url: URL
    /// The folder whose advisory lock (`FileLock`) a save holds while it reads, merges and writes.
    public var lockFolder: URL { url.deletingLastPathComponent() }

    public init(url: URL) { self.url = url }

    public enum LoadOutcome: Equatable, Sendable {
        case missing
        case loaded(AppState)
        /// Read, but these fields were invalid and left at their defaults (English, field first).
        case loadedIgnoring(AppState, ignored: [String])
        /// The file was not Cambio's state; it now lives at `setAsideAt`. `networkAllowed` is
        /// the privacy choice read from its text, if it could be.
        case corrupt(setAsideAt: URL, reason: String, networkAllowed: Bool?)
        /// It could not be read (and is kept as it is), or could be neither read nor moved aside.
        case unreadable(reason: String)
    }

    public func load(now: Date = Date()) -> LoadOutcome {
        let data: Data
        do {
            guard let d = try SmallFile.read(url, limit: AppState.maxFileBytes) else { return .missing }
            data = d
        } catch let problem as FileProblem {
            if case .tooLarge = problem { return setAside(problem.description, raw: nil, now: now) }
            return .unreadable(reason: problem.description)
        } catch {
            return .unreadable(reason: Wording(error: error).description)
        }
        return parse(data, now: now)
    }

    /// The file's contents read as state; set aside when they are not Cambio's.
    func parse(_ data: Data, now: Date) -> LoadOutcome {
        switch SavedStateReader.read(data) {
        case .notCambios(let reason): return setAside(reason, raw: data, now: now)
        case .state(let state, let ignored): return ignored.isEmpty ? .loaded(state) : .loadedIgnoring(state, ignored: ignored)
        }
    }

    func setAside(_ reason: String, raw: Data?, now: Date) -> LoadOutcome {
        do {
            let aside = try SetAside.move(url, now: now)
            return .corrupt(setAsideAt: aside, reason: reason, networkAllowed: SavedStateReader.networkAllowed(inRaw: raw))
        } catch {
            return .unreadable(reason: "\(reason); it could not be set aside: \(Wording(error: error).description)")
        }
    }

    /// Saves atomically, under the lock on its folder (`lockFolder`) so that two Cambios never
    /// interleave (`lock`: whether to wait while another holds it, or throw `FileLock.Busy`). `base`: the state this Cambio had when it last read or wrote the file, and
    /// `fileThen`, what the file held then. A file that holds something else now was saved by
    /// another Cambio since: what it holds is kept, and this one's changes since `base` are
    /// applied onto it (`AppState.merged`). Without a base, or when the file is as it was,
    /// `state` replaces what the file holds.
    ///
    /// Nothing is lost: a file that exists but cannot be read is never replaced (the save
    /// fails), and one that is not Cambio's, or of which an entry cannot be read, is set aside
    /// first (`SetAside`), and the report says where.
    @discardableResult
    public func save(_ state: AppState, mergingSince base: AppState? = nil, fileThen: AppState? = nil,
                     lock: FileLock.Wait = .untilFree, now: Date = Date()) throws -> StateSaveReport {
        try FileLock.holding(lockFolder, lock) {
            var written = state
            var setAside: StateSaveReport.SetAsideFile? = nil
            let data: Data?
            do {
                data = try SmallFile.read(url, limit: AppState.maxFileBytes)
            } catch let problem as FileProblem {
                guard case .tooLarge = problem else { throw StateSaveError.keptUnreadable(problem) }
                let aside = try keptAside(problem.description, now: now)
                setAside = StateSaveReport.SetAsideFile(path: aside.path, reason: problem.description)
                data = nil
            }
            switch data.map({ parse($0, now: now) }) {
            case nil, .missing:
                break
            case .loaded(let theirs):
                if let base, theirs != fileThen { written = AppState.merged(base: base, mine: state, theirs: theirs) }
            case .loadedIgnoring(let theirs, let ignored):
                // Written over, the entries that could not be read would be lost: kept aside.
                // What could be read is merged as a whole file's would be.
                let reason = ignored.joined(separator: "; ")
                let aside = try keptAside(reason, now: now)
                setAside = StateSaveReport.SetAsideFile(path: aside.path, reason: reason)
                if let base, theirs != fileThen { written = AppState.merged(base: base, mine: state, theirs: theirs) }
            case .corrupt(let aside, let reason, _):
                setAside = StateSaveReport.SetAsideFile(path: aside.path, reason: reason)
            case .unreadable(let reason):
                throw StateSaveError.keptAsItIs(reason: reason)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try SmallFile.write(try encoder.encode(written), to: url)
            return StateSaveReport(written: written, setAside: setAside)
        }
    }

    /// The file renamed aside before it is written over; the save fails when it cannot be.
    private func keptAside(_ reason: String, now: Date) throws -> URL {
        do {
            return try SetAside.move(url, now: now)
        } catch {
            throw StateSaveError.keptAsItIs(reason: "\(reason); it could not be set aside: \(Wording(error: error).description)")
        }
    }

}
