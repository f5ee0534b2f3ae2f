import CambioCore
import CambioGLib
import CGtk

/// On a past date: an amount, a day from a calendar, and the amount at that day's rate.
extension HistoryPage {
    @MainActor struct PastPart {
        /// The title, the amount and the day, and the result in a row; in a column when narrow.
        let root: AdaptiveBox
        let amount = Entry(existing: UI.numberEntry(name: tr("Amount on a past date"), cssClass: "amount"))
        let calendar = CambioGLib.Calendar()
        let dateButton = MenuButton()
        let result = Label("", classes: ["past-result"], wrap: true)

        init() {
            amount.widthChars = 8
            amount.text = "100"
            calendar.accessibleLabel(tr("Date"))
            dateButton.popover = Popover(child: calendar)
            UI.copyable(result)
            result.hexpand = true
            let title = Label(tr("On a past date"), classes: ["heading"])
            title.valign = GTK_ALIGN_CENTER
            let inputs = Box.horizontal(spacing: 8, [amount, dateButton])
            inputs.valign = GTK_ALIGN_CENTER
            result.valign = GTK_ALIGN_CENTER
            root = AdaptiveBox(breakpoint: 600, spacing: 8, [title, inputs, result])
        }
    }

    func bindPast() {
        pastPart.calendar.onDayChanged { [weak self] in self?.daySelected() }
        pastPart.amount.onChanged { [weak self] in self?.updatePast() }
        pastPart.amount.selectAllOnClickFocus()
    }

    public func setPastDay(_ day: Day) {
        model.pastDay = day
        pastPart.calendar.day = (day.year, day.month, day.day)
        updatePast()
        pastDayChanged()
    }

    /// A day before the range shown may need its fortnight of the pair's official history.
    private func pastDayChanged() {
        if let store = data.store, model.history != nil { fetchPair(store) }
    }

    /// The day converted follows the calendar once it has settled, before the next frame: a greyed
    /// day of the next month is said in two signals, "next-month" (the same day number in that
    /// month, maybe a day with no rate yet) and then "day-selected" (the day clicked).
    private func daySelected() {
        guard dayChange == nil else { return }
        dayChange = TimerHandle.idle(beforeNextFrame: true) { [weak self] in
            guard let self, !self.destroyed else { return }
            self.dayChange = nil
            let picked = self.pastPart.calendar.day
            if let d = Day(year: picked.year, month: picked.month, day: picked.day), d != self.model.pastDay {
                self.model.pastDay = d
                self.updatePast()
                self.pastDayChanged()
            }
        }
    }

    /// "100 USD = 92.53 EUR · rate of Fri, Oct 25, 2024 (ECB)".
    func updatePast() {
        pastPart.dateButton.label = model.pastDayText
        pastPart.dateButton.accessibleLabel(say(model.pastDayName))
        model.pastAmount = pastPart.amount.text
        let past = model.past(today: Day.today())
        if let valid = past.amountIsValid { pastPart.amount.setClass("error", !valid) }
        UI.setText(pastPart.result, past.text { tr($0) })
    }
}
