import Foundation

/// Runs work once input has paused for `delay`: each input moves the deadline; the owner asks
/// `fire(at:)` when its timer ends and re-arms for `remaining(at:)` when the answer is no. Times
/// are seconds on any monotonic clock the owner chooses, so tests inject them.
public struct Debouncer: Sendable {
    public let delay: TimeInterval
    public private(set) var deadline: TimeInterval?

    public init(delay: TimeInterval) { self.delay = delay }

    public var isPending: Bool { deadline != nil }

    /// Input arrived at `now`: the work waits until `now + delay`.
    public mutating func input(at now: TimeInterval) { deadline = now + delay }

    /// Seconds until the work is due (0 when due), or nil when nothing waits.
    public func remaining(at now: TimeInterval) -> TimeInterval? {
        deadline.map { Swift.max(0, $0 - now) }
    }

    /// True once, when the work is due; it is then no longer pending.
    public mutating func fire(at now: TimeInterval) -> Bool {
        guard let d = deadline, now >= d else { return false }
        deadline = nil
        return true
    }

    /// True when work was waiting (it is to run now, e.g. on Enter); nothing waits afterwards.
    public mutating func flush() -> Bool {
        defer { deadline = nil }
        return deadline != nil
    }

    public mutating func cancel() { deadline = nil }
}
