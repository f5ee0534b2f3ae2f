import Foundation

/// How long a server's HTTP 429 can keep Cambio from asking.
public enum RetryAfter {
    /// A day: longer than any real provider's block.
    public static let cap: TimeInterval = 24 * 3600
}

/// How often Cambio asks for new rates.
public enum RefreshInterval: String, Codable, CaseIterable, Sendable {
    /// Only when asked (F5, Ctrl+R, cambio refresh).
    case never
    /// Once at each start, when new rates may exist.
    case onStart
    case daily
    case weekly
}

public enum RefreshPolicy {
    public enum Trigger: Sendable { case start, timer, explicit }

    public enum Decision: Equatable, Sendable {
        case request
        /// Nothing new can exist yet, or the interval has not passed.
        case skip(until: Date)
        /// The user turned the network off.
        case networkOff
    }

    public static func decide(trigger: Trigger, interval: RefreshInterval, networkAllowed: Bool,
                              cached: CachedAnswer?, now: Date) -> Decision {
        if !networkAllowed { return .networkOff }
        if trigger == .explicit { return .request }
        if interval == .never { return .skip(until: .distantFuture) }
        guard let cached else { return .request }
        let spacing: TimeInterval
        switch interval {
        case .never: return .skip(until: .distantFuture)
        case .onStart:
            guard trigger == .start else { return .skip(until: .distantFuture) }
            spacing = 0
        case .daily: spacing = 86_400
        case .weekly: spacing = 7 * 86_400
        }
        let next = max(cached.nextPublication, cached.fetchedAt.addingTimeInterval(spacing))
        return now >= next ? .request : .skip(until: next)
    }

    /// When a provider next publishes after the rates of `day`: er-api says so itself; the ECB
    /// publishes on TARGET business days at about 16:00 Frankfurt time; Frankfurter gathers 84
    /// institutions publishing at their own hours, some on weekends (asked a day after its
    /// newest); the Bank of Russia sets the next day's rates at about 11:30 Moscow time on
    /// business days (asked for at 12:00).
    public static func nextPublication(_ provider: Provider, after day: Day, providerSays: Date?) -> Date {
        switch provider {
        case .erapi:
            return providerSays ?? day.date.addingTimeInterval(86_400)
        case .frankfurter:
            return day.date.addingTimeInterval(86_400)
        case .ecb:
            return at(hour: 16, in: "Europe/Berlin", on: TargetCalendar.nextBusinessDay(after: day))
        case .cbr:
            var d = day
            while TargetCalendar.isWeekend(d) { d = d.next }
            return at(hour: 12, in: "Europe/Moscow", on: d)
        case .currencyapi:
            // A new file every day, published shortly after midnight UTC.
            return day.date.addingTimeInterval(86_400 + 3600)
        case .coinbase:
            // Prices move all the time: asked again after the hour every answer is kept at least.
            return day.date
        }
    }

    static func at(hour: Int, in zone: String, on day: Day) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour))!
    }
}
