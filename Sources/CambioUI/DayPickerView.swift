import Foundation
import CambioCore
import CambioGLib

/// The date picker of "On a past date": a month of days, each a button a screen reader names in
/// full ("Friday, October 30, 2026"), the chosen one pressed. GtkCalendar draws its days without
/// putting them in the accessibility tree, so this grid takes its place.
///
/// Keys (on a day): the arrows move a day or a week, Page Up and Page Down a month, with Shift a
/// year, Home and End to the week's first and last day; past the month's edge the next or previous
/// month shows. Enter or Space chooses the day with the focus. The focus starts on the chosen day.
@MainActor final class DayPickerView {
    let root: Box
    private(set) var picker: DayPicker
    private let title = Label("", classes: ["heading"])
    private let grid = Grid(rowSpacing: 2, columnSpacing: 2)
    private var cells: [any Widget] = []
    private var buttons: [Day: ToggleButton] = [:]
    private var shownMonth: (year: Int, month: Int)?
    /// A day was chosen (clicked, or Enter or Space on it).
    var onChosen: (@MainActor (Day) -> Void)?

    init(chosen: Day, dates: Locale) {
        picker = DayPicker(chosen: chosen, dates: dates)
        let header = Box.horizontal(spacing: 2, [])
        let moves: [(String, String, DayPicker.Move)] = [
            ("go-first-symbolic", tr("Previous year"), .years(-1)),
            ("go-previous-symbolic", tr("Previous month"), .months(-1)),
            ("go-next-symbolic", tr("Next month"), .months(1)),
            ("go-last-symbolic", tr("Next year"), .years(1)),
        ]
        title.hexpand = true
        title.ellipsize = .end
        let turns = moves.map { icon, name, _ in Button(icon: icon, name: name) }
        for (i, button) in turns.enumerated() {
            if i == 2 { header.append(title) }
            button.addClass("flat")
            header.append(button)
        }
        grid.columnHomogeneous = true
        grid.rowHomogeneous = true
        grid.addClass("day-picker")
        root = Box.vertical(spacing: 6, [header, grid])
        root.margins(6, 6, 6, 6)
        for (column, name) in picker.weekdayHeaders.enumerated() {
            let label = Label(name, classes: ["dim-label", "caption-heading"])
            // Each day says its weekday in its name.
            label.accessibleHidden()
            grid.attach(label, column: Int32(column), row: 0)
        }
        for (button, (_, _, move)) in zip(turns, moves) {
            button.onClicked { [weak self] in self?.move(move, focusDay: false) }
        }
        grid.onKeyPressed { [weak self] key, modifiers in self?.key(key, modifiers) ?? false }
        show()
    }

    /// The day chosen; setting it shows its month with the focus on it.
    var chosen: Day {
        get { picker.chosen }
        set {
            picker.chosen = newValue
            picker.focus(newValue)
            show()
        }
    }

    /// Shows the chosen day's month and puts the focus on that day (the popover opening).
    func focusChosen() {
        picker.focus(picker.chosen)
        show()
        buttons[picker.focused]?.grabFocus()
    }

    /// The button of `day` while its month shows.
    func button(for day: Day) -> ToggleButton? { buttons[day] }

    private func move(_ move: DayPicker.Move, focusDay: Bool) {
        picker.move(move)
        show()
        if focusDay { buttons[picker.focused]?.grabFocus() }
    }

    private func key(_ key: Key, _ modifiers: Modifiers) -> Bool {
        let shift = modifiers.contains(.shift)
        let control = modifiers.contains(.control)
        // Left goes back a day in a grid read from left to right, forward in one from right to left.
        let back = grid.isRightToLeft ? 1 : -1
        let move: DayPicker.Move
        switch key {
        case .left: move = control ? .months(back) : .days(back)
        case .right: move = control ? .months(-back) : .days(-back)
        case .up: move = control ? .years(-1) : .days(-7)
        case .down: move = control ? .years(1) : .days(7)
        case .pageUp: move = shift ? .years(-1) : .months(-1)
        case .pageDown: move = shift ? .years(1) : .months(1)
        case .home: move = .weekStart
        case .end: move = .weekEnd
        default: return false
        }
        self.move(move, focusDay: true)
        return true
    }

    /// Fills the grid with the focused day's month (when it changed) and marks the chosen day.
    private func show() {
        let month = (picker.focused.year, picker.focused.month)
        if shownMonth.map({ $0 != month }) ?? true {
            shownMonth = month
            title.text = picker.title
            for cell in cells { grid.remove(cell) }
            cells = []
            buttons = [:]
            for (i, day) in picker.cells.enumerated() {
                let cell: any Widget
                if let day {
                    let button = ToggleButton(child: Label(String(day.day)))
                    button.addClass("flat")
                    button.accessibleName(picker.name(of: day))
                    button.onClicked { [weak self] in self?.choose(day) }
                    buttons[day] = button
                    cell = button
                } else {
                    let empty = Label("")
                    empty.accessibleHidden()
                    cell = empty
                }
                grid.attach(cell, column: Int32(i % 7), row: Int32(i / 7 + 1))
                cells.append(cell)
            }
        }
        for (day, button) in buttons where button.active != (day == picker.chosen) { button.active = day == picker.chosen }
    }

    private func choose(_ day: Day) {
        picker.chosen = day
        picker.focus(day)
        show()
        onChosen?(day)
    }
}
