import CambioCore
import Foundation

/// The rate alerts' file (`AlertFile`), read and changed by the window and by `cambio alert`
/// alike. A change reads, changes and writes under the lock on the file's folder, so that a
/// command run while the window is open never loses an alert either wrote; the write is atomic.
/// A file that is not an alerts file is renamed aside (never written over) and said; one that
/// cannot be read at all is kept as it is, and nothing is written over it.
public struct AlertStore: Sendable {
    public let url: URL
    public var lockFolder: URL { url.deletingLastPathComponent() }

    public init(url: URL) { self.url = url }

    /// The alerts, and what went wrong reading them (nil when nothing did).
    public struct Loaded: Sendable, Equatable {
        public var alerts: [RateAlert]
        public var problem: Wording?
    }

    /// The alerts as they are on disk: none when there is no file; a file that is not an alerts
    /// file is set aside and said.
    public func load(now: Date = Date()) -> Loaded {
        do {
            return Loaded(alerts: try read(now: now).alerts, problem: nil)
        } catch let said as AlertStoreProblem {
            return Loaded(alerts: [], problem: said.wording)
        } catch {
            return Loaded(alerts: [], problem: Wording(error: error))
        }
    }

    /// Changes the alerts under the lock: `change` gets them as the file holds them now, and
    /// what it leaves is written atomically. Returns `change`'s answer, and what happened to a
    /// file that was not an alerts file (set aside first), if anything.
    @discardableResult
    public func update<T>(now: Date = Date(), _ change: (inout [RateAlert]) throws -> T) throws -> (result: T, problem: Wording?) {
        try FileLock.holding(lockFolder) {
            var problem: Wording?
            var alerts: [RateAlert]
            do {
                alerts = try read(now: now).alerts
            } catch let said as AlertStoreProblem {
                guard said.setAside else { throw said }
                alerts = []
                problem = said.wording
            }
            let result = try change(&alerts)
            try SmallFile.write(try AlertFile(alerts: alerts).encoded(), to: url)
            return (result, problem)
        }
    }

    private func read(now: Date) throws -> AlertFile {
        let data: Data
        do {
            guard let d = try SmallFile.read(url, limit: AlertFile.maxFileBytes) else { return AlertFile(alerts: []) }
            data = d
        } catch let problem as FileProblem {
            if case .tooLarge = problem { throw aside(problem.wording, now: now) }
            throw AlertStoreProblem(wording: Wording("Your alerts could not be read (%@); the file is kept as it is.", problem.wording),
                                    setAside: false)
        }
        do {
            return try AlertFile.decoded(data)
        } catch {
            throw aside(Wording(error: error), now: now)
        }
    }

    /// The file renamed aside, and the words that say so.
    private func aside(_ reason: Wording, now: Date) -> AlertStoreProblem {
        do {
            let moved = try SetAside.move(url, now: now)
            return AlertStoreProblem(wording: Wording("Your alerts could not be read (%@); the file was renamed to %@ and kept.",
                                                      reason, .verbatim(moved.path)), setAside: true)
        } catch {
            return AlertStoreProblem(wording: Wording("Your alerts could not be read (%@), nor set aside: %@", reason, Wording(error: error)),
                                     setAside: false)
        }
    }
}

/// Why the alerts could not be read, in words; `setAside`: the file is out of the way, and
/// alerts can be written afresh.
public struct AlertStoreProblem: Error, Worded, Sendable {
    public let wording: Wording
    public let setAside: Bool
}
