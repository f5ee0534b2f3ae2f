import CambioCore
import CambioGLib
import CGtk

/// The window: a header bar with the page switcher, and the five pages.
@MainActor public final class MainWindow {
    public let window: WidgetRef
    public let currencies: CurrenciesPage
    private let stack: WidgetRef

    /// The pages in order; Alt+1..Alt+5 follow it.
    public static let pageNames = ["currencies", "converter", "history", "investments", "calculator"]

    public init(application: UnsafeMutablePointer<GtkApplication>?, context: AppContext) {
        // Tests build the window without an application.
        window = application.map { gtk_application_window_new($0)! } ?? gtk_window_new()!
        let win: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_title(win, tr("Cambio"))
        gtk_window_set_default_size(win, 720, 680)

        stack = gtk_stack_new()!
        gtk_stack_set_transition_type(cast(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Only the visible page is measured (homogeneous stacks measure every page).
        gtk_stack_set_hhomogeneous(cast(stack), 0)
        gtk_stack_set_vhomogeneous(cast(stack), 0)
        currencies = CurrenciesPage(context: context)
        let titles = [tr("Currencies"), tr("Converter"), tr("History"), tr("Investments"), tr("Calculator")]
        let summaries = [
            "",
            tr("One amount into several currencies, a one-key swap and favourite pairs."),
            tr("The last seven days of a pair, a chart back to 1999 and conversion on a past date."),
            tr("What monthly purchases of a stock since a chosen month would be worth today."),
            tr("An exact calculator that also understands \u{201C}100 USD to EUR\u{201D}."),
        ]
        for (i, name) in Self.pageNames.enumerated() {
            let child = i == 0 ? currencies.root : PlaceholderPage.make(title: titles[i], summary: summaries[i])
            gtk_stack_add_titled(cast(stack), child, name, titles[i])
        }
        gtk_window_set_child(win, stack)

        let header = gtk_header_bar_new()!
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(cast(switcher), cast(stack))
        switcher.accessibleLabel(tr("Pages"))
        gtk_header_bar_set_title_widget(cast(header), switcher)
        gtk_header_bar_pack_end(cast(header), MainMenu.make())
        gtk_window_set_titlebar(win, header)

        context.onSaveError = { [weak self] message in self?.currencies.banner.show(message) }
        StartupProbe.attach(window)
    }

    public var visiblePage: String {
        gtk_stack_get_visible_child_name(cast(stack)).map { String(cString: $0) } ?? ""
    }

    /// Shows page `index` (0-based) and puts the focus on its main control.
    public func showPage(_ index: Int) {
        guard Self.pageNames.indices.contains(index) else { return }
        gtk_stack_set_visible_child_name(cast(stack), Self.pageNames[index])
        if index == 0 { currencies.focusPrimary() }
    }

    public func present() { gtk_window_present(cast(window) as UnsafeMutablePointer<GtkWindow>) }
}
