import Foundation
import CambioCore
import CambioGLib

/// On a past date: an amount, a day from a calendar, and the amount at that day's rate.
extension HistoryPage {
    @MainActor struct PastPart {
        /// The title, the amount and the day, and the result in a row; in a column when narrow.
        let root: AdaptiveBox
        let amount = UI.numberEntry(name: tr("Amount on a past date"), cssClass: "amount", purpose: .number)
        let days: DayPickerView
        let popover: Popover
        let dateButton = MenuButton()
        let result = Label("", classes: ["past-result"], wrap: true)

        init(day: Day, dates: Locale) {
            amount.widthChars = 8
            amount.text = "100"
            days = DayPickerView(chosen: day, dates: dates)
            popover = Popover(child: days.root)
            dateButton.popover = popover
            UI.copyable(result)
            result.hexpand = true
            let title = Label(tr("On a past date"), classes: ["heading"], wrap: true)
            title.valign = .center
            // The date under the amount where both do not fit side by side (large text on a phone).
            let inputs = AdaptiveBox(breakpoint: 0, spacing: 8, [amount, dateButton])
            inputs.valign = .center
            result.valign = .center
            root = AdaptiveBox(breakpoint: 600, spacing: 8, [title, inputs, result])
        }
    }

    func bindPast() {
        pastPart.days.onChosen = { [weak self] day in
            guard let self else { return }
            self.pastPart.popover.popdown()
            guard day != self.model.pastDay else { return }
            self.model.pastDay = day
            self.updatePast()
            self.pastDayChanged()
        }
        pastPart.popover.onShow { [weak self] in self?.pastPart.days.focusChosen() }
        pastPart.amount.onChanged { [weak self] in self?.updatePast() }
        pastPart.amount.selectAllOnClickFocus()
    }

    public func setPastDay(_ day: Day) {
        model.pastDay = day
        pastPart.days.chosen = day
        updatePast()
        pastDayChanged()
    }

    /// A day before the range shown may need its fortnight of the pair's official history.
    private func pastDayChanged() {
        if let store = data.opened, model.history != nil { fetchPair(store) }
    }

    /// "100 USD = 92.53 EUR · rate of Fri, Oct 25, 2024 (ECB)".
    func updatePast() {
        pastPart.dateButton.label = model.pastDayText
        pastPart.dateButton.name(say(model.pastDayName))
        model.pastAmount = pastPart.amount.text
        let past = model.past(today: Day.today())
        let said = past.text { tr($0) }
        if let valid = past.amountIsValid { pastPart.amount.markInvalid(valid ? nil : said) }
        UI.setText(pastPart.result, said)
    }
}
