import CambioCore
import CambioGLib

/// A popover to choose a currency: search by code, English or localized name, among the
/// popular currencies or all of them. The list holds every currency once; a search only changes
/// which of them show and in what order (`CurrencyPickerModel`), and GTK makes rows only for
/// those that appear.
@MainActor final class CurrencyPicker {
    /// The picker, for menu buttons (`button.popover = picker.popup`).
    let popup: Popover
    let search: SearchEntry
    let list: ListBox
    let note: Label
    let popularToggle: ToggleButton
    let allToggle: ToggleButton
    /// Every currency, shown through the search's choices.
    let choices: FilteredStrings
    private var model: CurrencyPickerModel
    private let exclude: () -> Set<String>
    private let onPick: (String) -> Void

    /// `popularFirst`: the picker opens on the popular currencies (the locale's included).
    /// `taken`: what the left-out currencies are, for the note when only they match.
    init(context: any DisplayContext, popularFirst: Bool = false, taken: CurrencyPickerModel.Taken = .chosen,
         exclude: @escaping () -> Set<String>, onPick: @escaping (String) -> Void) {
        self.exclude = exclude
        self.onPick = onPick
        model = CurrencyPickerModel(catalog: context.catalog, locale: context.locale.numbers,
                                    localeCurrency: context.locale.localeCurrencyCode, popularOnly: popularFirst,
                                    taken: taken)
        search = SearchEntry(placeholder: tr("Code or name"))
        search.accessibleLabel(tr("Search currencies"))
        search.hexpand = true
        // Narrow enough for a phone: the popover is as wide as its widest line.
        search.widthChars = 8
        search.maxWidthChars = 14

        popularToggle = ToggleButton(mnemonic: tr("_Popular"))
        popularToggle.accessibleName(tr("Popular currencies"))
        allToggle = ToggleButton(mnemonic: tr("_All"))
        allToggle.accessibleName(tr("All currencies"))
        allToggle.group(with: popularToggle)
        (popularFirst ? popularToggle : allToggle).active = true
        let toggles = Box.horizontal(spacing: 0, [popularToggle, allToggle])
        toggles.addClass("linked")

        note = Label("", classes: ["dim-label", "picker-note"], wrap: true)
        note.visible = false
        list = ListBox(selection: .browse)
        list.accessibleLabel(tr("Currencies"))
        list.addClass("boxed-list")
        list.addClass("picker-list")
        choices = FilteredStrings(model.codes)
        let scroller = ScrolledWindow(child: list, horizontal: .never)
        scroller.minContentHeight = 320
        let top = Box.horizontal(spacing: 6, [search, toggles])
        popup = Popover(child: Box.vertical(spacing: 6, [top, note, scroller]))
        bind()
    }

    private func bind() {
        let model = model
        list.bind(choices) { code in Self.row(model.face(code)) }
        // GTK says the search changed once typing pauses; Enter and Down use what was typed
        // even when they come sooner (typed fast, or pasted), never the list before it.
        search.onSearchChanged { [weak self] in self?.fill() }
        // Escape in the search is its stop-search (GtkSearchEntry takes the key): it closes the
        // picker, as Escape closes any popover.
        search.onStopSearch { [weak self] in self?.popup.popdown() }
        search.onActivate { [weak self] in
            guard let self else { return }
            self.fillIfTyped()
            if let first = self.choices.item(at: 0) { self.pick(first) }
        }
        popularToggle.onToggled { [weak self] in
            guard let self else { return }
            self.model.popularOnly = self.popularToggle.active
            self.fill()
        }
        list.onRowActivated { [weak self] row in
            if let code = self?.choices.item(at: row.index) { self?.pick(code) }
        }
        UI.downMovesFocus(from: search) { [weak self] in
            self?.fillIfTyped()
            return self?.list.row(at: 0)
        }
        popup.onShow { [weak self] in
            guard let self else { return }
            self.search.text = ""
            self.fill()
            self.search.grabFocus()
        }
    }

    /// A currency's row: the code, then its name; read out as "USD, US Dollar".
    private static func row(_ face: CurrencyFace) -> ListBoxRow {
        let code = Label(face.code, classes: ["currency-code"])
        code.sizeRequest(width: 56, height: -1)
        let name = Label(face.name)
        name.text = face.shownName(drawable: name.draws)
        name.ellipsize = .end
        let line = Box.horizontal(spacing: 8, [code, name])
        line.margins(6, 6, 6, 6)
        let row = ListBoxRow(child: line)
        row.accessibleLabel(face.spoken)
        return row
    }

    private func pick(_ code: String) {
        popup.popdown()
        onPick(code)
    }

    /// Shows the currencies matching the search that can be chosen, best matches first, and
    /// the note when the list is not what was asked.
    func fill() {
        filledFor = search.text
        let found = model.search(search.text, excluding: exclude())
        choices.show(found.codes)
        note.visible = found.note != nil
        if let words = found.note { UI.setText(note, say(words)) }
    }

    /// The search text the list shows the matches of.
    private var filledFor: String?

    /// Brings the list up to the text typed, if GTK has not said yet that it changed.
    private func fillIfTyped() {
        if filledFor != search.text { fill() }
    }

}
