import CambioCore
import CambioGLib

/// The "Last 7 days" list: each day's rate and change, newest first.
extension HistoryPage {
    @MainActor struct WeekColumn {
        let root: Box
        let title = Label(tr("Last 7 days"), classes: ["heading"], wrap: true)
        let list = ListBox()

        init() {
            list.addClass("boxed-list")
            list.accessibleLabel(tr("Last 7 days"))
            root = Box.vertical(spacing: 8, [title, list])
            // Beside the chart it keeps a column's width; above it, it takes the page's.
            root.sizeRequest(width: 250, height: -1)
            root.valign = .start
        }
    }

    /// Seven days ending today, or on the newest day known when that is older (offline).
    func showDays() {
        dayRows.forEach { week.list.remove($0) }
        dayRows.removeAll()
        dayTexts.removeAll()
        guard let shown = model.recentDays(today: Day.today()) else { return }
        UI.setText(week.title, say(shown.title))
        for day in shown.rows {
            let row = Self.dayRow(day)
            let spoken = day.spoken { tr($0) }
            row.accessibleLabel(spoken)
            dayTexts.append(spoken)
            week.list.append(row)
            dayRows.append(row)
        }
    }

    /// The day on the left; the rate over the change on the right, the change green ▲ up,
    /// red ▼ down, dimmed when the day has no rate.
    private static func dayRow(_ day: HistoryDayRow) -> ListBoxRow {
        let dayLabel = Label(day.day, wrap: true)
        // Who published the day's rate, under the day.
        let by = Label(day.publisher.map(say) ?? "", classes: ["dim-label", "caption"], wrap: true)
        by.visible = day.publisher != nil
        let left = Box.vertical(spacing: 0, [dayLabel, by])
        left.hexpand = true
        let mark: String? = switch day.mark {
        case .up: "up"
        case .down: "down"
        case .plain: nil
        case .noRate: "dim-label"
        }
        // Wrapped, not widening the row: "в тот день не публиковался" with large text is wider
        // than a phone leaves it.
        let rate = Label(say(day.rate), classes: ["day-rate"], xalign: 1, wrap: true)
        // "▲ +0.0042" reads left to right in a right-to-left language too; words ("weekend") as they are.
        let figure = day.mark == .up || day.mark == .down
        let change = Label(day.change.map { figure ? L10n.translations.leftToRight(say($0)) : say($0) } ?? "", classes: ["day-change"] + [mark].compactMap { $0 }, xalign: 1, wrap: true)
        for label in [rate, change] { label.justify = .right }
        let line = Box.horizontal(spacing: 8, [left, WidthFirstBin(child: Box.vertical(spacing: 0, [rate, change]))])
        line.margins(6, 10, 6, 10)
        let row = ListBoxRow(child: line)
        row.activatable = false
        return row
    }
}
