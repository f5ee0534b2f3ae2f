import CambioCore
import CambioGLib
import CambioStore
import Foundation

/// The rate alerts as the window and `cambio alert` use them: kept in their file (`AlertStore`:
/// every change under its lock, written atomically), and checked after each refresh, the
/// window's or the timer's: the alerts as the file holds them now, each armed one against its
/// pair's reading, the fired ones written back under the lock, so that an alert never fires
/// twice however many Cambios check at once.
public struct Alerts: Sendable {
    let store: AlertStore

    public init(paths: AppPaths) { store = AlertStore(url: paths.alertsFile) }

    /// The alerts on disk, and what went wrong reading them (the file set aside, said).
    public func load(now: Date = Date()) -> (alerts: [RateAlert], problem: Wording?) {
        let loaded = store.load(now: now)
        return (loaded.alerts, loaded.problem)
    }

    /// A new alert, numbered after the highest one; armed from `today`.
    public func add(from: String, to: String, condition: RateAlert.Condition, today: Day) throws -> (alert: RateAlert, problem: Wording?) {
        let (alert, problem) = try store.update { alerts -> RateAlert in
            guard alerts.count < AlertFile.maxCount else { throw AlertsFull() }
            let alert = RateAlert(id: (alerts.map(\.id).max() ?? 0) + 1, from: from, to: to, condition: condition, armedOn: today)
            alerts.append(alert)
            return alert
        }
        return (alert, problem)
    }

    /// Removes alert `id`; nil when there is none.
    public func remove(_ id: Int) throws -> (alert: RateAlert?, problem: Wording?) {
        let (removed, problem) = try store.update { alerts -> RateAlert? in
            guard let i = alerts.firstIndex(where: { $0.id == id }) else { return nil }
            return alerts.remove(at: i)
        }
        return (removed, problem)
    }

    /// Arms alert `id` again from `today` (a rate published before does not fire it); nil when
    /// there is no such alert.
    public func rearm(_ id: Int, today: Day) throws -> (alert: RateAlert?, problem: Wording?) {
        let (armed, problem) = try store.update { alerts -> RateAlert? in
            guard let i = alerts.firstIndex(where: { $0.id == id }) else { return nil }
            alerts[i] = alerts[i].rearmed(today: today)
            return alerts[i]
        }
        return (armed, problem)
    }

    /// Gives alert `id` another condition, armed from `today`; nil when there is no such alert.
    public func change(_ id: Int, to condition: RateAlert.Condition, today: Day) throws -> (alert: RateAlert?, problem: Wording?) {
        let (changed, problem) = try store.update { alerts -> RateAlert? in
            guard let i = alerts.firstIndex(where: { $0.id == id }) else { return nil }
            var alert = alerts[i].rearmed(today: today)
            alert.condition = condition
            alerts[i] = alert
            return alert
        }
        return (changed, problem)
    }

    /// Has the systemd timer follow the alerts on disk: on while any is armed, off when none is.
    @MainActor @discardableResult
    public func followTimer() -> AlertTimer.Outcome { AlertTimer.follow(load().alerts) }

    /// The currencies the armed alerts watch (what a refresh must bring, and the history to read).
    public static func codes(_ alerts: [RateAlert]) -> [String] {
        Array(Set(alerts.filter(\.isArmed).flatMap { [$0.from, $0.to] })).sorted()
    }

    /// The first day of history a check reads: three weeks before the rates in use (a move's
    /// day before, past weekends and holidays).
    public static func historyStart(_ table: RateTable) -> Day { table.date.adding(days: -21) }

    /// Checks every armed alert against `table` and `publications` (the history's records of
    /// the alerts' currencies since `historyStart`), records those that fire, and returns them
    /// with what was wrong with the file, if anything (it was set aside).
    public func check(table: RateTable, publications: [DayPublication], now: Date = Date()) throws -> (fired: [RateAlert], problem: Wording?) {
        let (fired, problem) = try store.update(now: now) { alerts -> [RateAlert] in
            let outcome = AlertCheck.run(alerts) { from, to in
                AlertReading.of(from: from, to: to, table: table, publications: publications)
            }
            alerts = outcome.alerts
            return outcome.fired
        }
        return (fired, problem)
    }

    /// The desktop notification of an alert that fired: the pair and the condition met, the rate
    /// with its day and source; clicking it opens History on the pair ("app.show-history"), and
    /// its button re-arms the alert ("app.rearm-alert"). One notification an alert: a later one
    /// of the same alert replaces it.
    public static func notice(_ alert: RateAlert, formatter: DecimalFormatter, days: DayFormatter, words: Translations) -> DesktopNotice? {
        guard case .fired(let firing) = alert.state else { return nil }
        let said = alert.notice(firing, formatter: formatter, days: days, words: words)
        return DesktopNotice(id: "alert-\(alert.id)", title: said.title, body: said.body,
                             action: "show-history", actionText: "\(alert.from)>\(alert.to)",
                             buttons: [.init(label: Wording("Re-arm").text(words.translate), action: "rearm-alert", text: String(alert.id))])
    }
}

/// As many alerts as Cambio keeps (`AlertFile.maxCount`) are set already.
public struct AlertsFull: Error, Worded {
    public var wording: Wording { Wording("There are %@ alerts already: remove one first", .verbatim(AlertFile.maxCount)) }
}
