import CGtk

/// libadwaita 1.2: the window's shell (application window, header bar, view stack and its
/// switchers), toasts, clamps, status pages and the style manager.
@MainActor public enum Adwaita {
    /// Sets libadwaita up without an AdwApplication (tests build windows on their own);
    /// AdwApplication does it in "startup". Repeating it does nothing.
    public static func initialize() { adw_init() }

    /// Whether the dark style is in use (the system's preference, or ADW_DEBUG_COLOR_SCHEME).
    public static var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

    /// The style turned light or dark, or high contrast on or off.
    public static func onStyleChanged(_ handler: @escaping @MainActor () -> Void) -> [SignalHandle] {
        let manager = gpointerOf(adw_style_manager_get_default()!)
        return ["notify::dark", "notify::high-contrast"].map {
            SignalHandle(owner: nil, object: manager, id: Signal.connect(manager, $0, withArgument: { _ in handler() }))
        }
    }

    /// Runs `handler` when the text size (the display's font resolution) changes.
    public static func onTextSizeChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        let settings = gpointerOf(gtk_settings_get_default()!)
        return SignalHandle(owner: nil, object: settings, id: Signal.connect(settings, "notify::gtk-xft-dpi", withArgument: { _ in handler() }))
    }

    /// Keeps `target`'s boolean `targetProperty` equal to `source`'s `sourceProperty`.
    public static func bind(_ source: some Widget, _ sourceProperty: String, to target: some Widget, _ targetProperty: String) {
        g_object_bind_property(gpointerOf(source.widget), sourceProperty, gpointerOf(target.widget), targetProperty, G_BINDING_SYNC_CREATE)
    }
}

/// AdwApplicationWindow (or, without an application, AdwWindow): it takes one content widget,
/// which draws its own header bar. Never `gtk_window_set_child` or a titlebar on it.
public struct ApplicationWindow: Widget {
    public let widget: WidgetRef
    /// A window of `application`; without one (tests, the bench) a plain AdwWindow.
    public init(application: Application?) {
        widget = application.map { adw_application_window_new($0.pointer)! } ?? adw_window_new()!
    }
    public var window: Window { Window(existing: widget) }
    public var content: (any Widget)? {
        get {
            (isApplicationWindow ? adw_application_window_get_content(cast(widget)) : adw_window_get_content(cast(widget))).map(AnyWidget.init)
        }
        nonmutating set {
            if isApplicationWindow {
                adw_application_window_set_content(cast(widget), newValue?.widget)
            } else {
                adw_window_set_content(cast(widget), newValue?.widget)
            }
        }
    }
    private var isApplicationWindow: Bool {
        widget.isA(adw_application_window_get_type())
    }
}

/// AdwHeaderBar.
public struct AdwHeaderBar: Widget {
    public let widget: WidgetRef
    public init() { widget = adw_header_bar_new()! }
    public func titleWidget(_ child: some Widget) { adw_header_bar_set_title_widget(cast(widget), child.widget) }
    public func packEnd(_ child: some Widget) { adw_header_bar_pack_end(cast(widget), child.widget) }
}

/// AdwViewStack: pages with a name, a title and an icon, for the view switchers.
public struct ViewStack: Widget {
    public let widget: WidgetRef
    private var stack: OpaquePointer { OpaquePointer(widget) }

    public init() { widget = adw_view_stack_new()! }
    public func add(_ child: some Widget, name: String, title: String, icon: String) {
        adw_view_stack_add_titled(stack, child.widget, name, title)
        adw_view_stack_page_set_icon_name(adw_view_stack_get_page(stack, child.widget), icon)
    }
    public var visibleChildName: String? {
        get { adw_view_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        nonmutating set { adw_view_stack_set_visible_child_name(stack, newValue) }
    }
    /// Only the visible page is measured when false (the default measures every page).
    public var homogeneous: Bool {
        get { adw_view_stack_get_vhomogeneous(stack) != 0 }
        nonmutating set {
            adw_view_stack_set_hhomogeneous(stack, newValue ? 1 : 0)
            adw_view_stack_set_vhomogeneous(stack, newValue ? 1 : 0)
        }
    }
    @discardableResult
    public func onPageChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { onNotify("visible-child-name", handler) }
}

/// AdwViewSwitcherTitle: the window title, or the view switcher when it fits.
public struct ViewSwitcherTitle: Widget {
    public let widget: WidgetRef
    /// The title over `stack`, whose pages `addPages` adds (the stack is empty before).
    public init(stack: ViewStack, title: String, addPages: () -> Void) {
        widget = adw_view_switcher_title_new()!
        adw_view_switcher_title_set_title(cast(widget), title)
        // Two switchers in the title, wide (icons beside labels) and narrow (icons above), each
        // found by its public policy, not by the title's template. Only the wide one shows here:
        // where it does not fit, the title does and the bar at the bottom edge takes the pages
        // (as libadwaita 1.4's switcher and bar do). The narrow one is never drawn on a wide
        // window, but would be styled and measured at start-up all the same: it is hidden.
        var wide: WidgetRef?, narrow: WidgetRef?
        for part in AnyWidget(widget).descendants where part.isA(adw_view_switcher_get_type()) {
            switch adw_view_switcher_get_policy(cast(part)) {
            case ADW_VIEW_SWITCHER_POLICY_WIDE: wide = part.widget
            case ADW_VIEW_SWITCHER_POLICY_NARROW: narrow = part.widget
            default: break
            }
        }
        if let narrow { gtk_widget_set_visible(narrow, 0) }
        // The title gives its stack to both switchers, and each builds a button per page: the
        // hidden one five more (7 M). So the title takes the stack while it is empty (it keeps
        // its own hold on the pages, which decide whether it offers the switcher), the narrow
        // switcher lets it go for good, and the wide one while the pages are added (it builds
        // every button again at each page added) and takes it back once, with all five. The
        // title's stack is set here only: set again, it would hand it to the narrow one too.
        adw_view_switcher_title_set_stack(cast(widget), OpaquePointer(stack.widget))
        if let narrow, let wide {
            adw_view_switcher_set_stack(cast(narrow), nil)
            adw_view_switcher_set_stack(cast(wide), nil)
            addPages()
            adw_view_switcher_set_stack(cast(wide), OpaquePointer(stack.widget))
        } else {
            addPages()
        }
    }
    /// True when the switcher does not fit and the title shows instead.
    public var titleVisible: Bool { adw_view_switcher_title_get_title_visible(cast(widget)) != 0 }
}

/// AdwViewSwitcherBar: the view switcher at the bottom edge, for narrow windows.
public struct ViewSwitcherBar: Widget {
    public let widget: WidgetRef
    public init(stack: ViewStack) {
        widget = adw_view_switcher_bar_new()!
        adw_view_switcher_bar_set_stack(cast(widget), OpaquePointer(stack.widget))
    }
    public var reveal: Bool { adw_view_switcher_bar_get_reveal(cast(widget)) != 0 }

    /// The pages' buttons, in order (libadwaita's AdwViewSwitcherButton is a toggle button).
    private var buttons: [WidgetRef] { descendants.filter { $0.isA(gtk_toggle_button_get_type()) } }

    /// Keeps the pages' names whole at `width` (the bar's width): where one does not fit its
    /// button, every button shows its icon alone (libadwaita 1.2 would cut the name: "Curre…").
    /// Each button keeps its page's name as its tooltip and, for a screen reader, its name.
    /// Returns whether the names show.
    @discardableResult
    public func fitNames(width: Int32) -> Bool {
        let buttons = buttons
        guard !buttons.isEmpty, width > 0 else { return true }
        // A button's room for its name: its share of the bar, less its padding.
        let room = Double(width) / Double(buttons.count) - 16
        // Its page's name, in the label of each of its layouts (not the empty badge).
        let labels = buttons.map { AnyWidget($0).descendants.filter { $0.isA(gtk_label_get_type()) && !Label(existing: $0).text.isEmpty } }
        let fits = labels.allSatisfy { labels in
            labels.allSatisfy { label in (TextLayout(Label(existing: label).text, in: AnyWidget(label))?.size.width ?? 0) <= room }
        }
        for (button, labels) in zip(buttons, labels) {
            let name = labels.first.map { Label(existing: $0).text } ?? ""
            button.tooltip(fits ? nil : name)
            button.accessibleName(name)
            for label in labels { label.visible = fits }
        }
        return fits
    }
}

/// AdwToastOverlay: shows toasts over its child, one at a time.
public struct ToastOverlay: Widget {
    public let widget: WidgetRef
    private let sizing = ToastSizing()
    /// The accessible name of a toast's close button (libadwaita 1.2 leaves it "GtkImage").
    private let closeName: String
    public init(child: some Widget, closeName: String) {
        widget = adw_toast_overlay_new()!
        self.closeName = closeName
        // A zero-height probe under the child tells the overlay's width, at every allocation
        // that changes it: toasts are as wide as that allows.
        // (The child fills the overlay's height, as it did as the overlay's only child.)
        let probe = WidthProbe()
        gtk_widget_set_vexpand(child.widget, 1)
        adw_toast_overlay_set_child(cast(widget), Box.vertical(spacing: 0, [child, probe]).widget)
        probe.onWidth { [sizing] width in sizing.overlayWidth = width }
    }

    /// Shows a toast. `button` (a label with a mnemonic and what it does) adds a button;
    /// `timeout` 0 keeps the toast until it is dismissed; `high` shows it before queued ones.
    /// The handle changes it while it waits or shows.
    @discardableResult
    public func show(_ title: String, button: (String, @MainActor () -> Void)? = nil, timeout: UInt32 = 5,
                     high: Bool = false) -> ShownToast {
        let toast = adw_toast_new("")!
        // The title wraps rather than ending in "…" on a phone (libadwaita 1.2's own title
        // label ellipsizes): a label of ours, in the look of the toast's own.
        let label = Label(title, classes: ["heading"], wrap: true)
        label.hexpand = true
        label.maxWidthChars = 56 // a readable line on a desktop
        gtk_label_set_wrap_mode(OpaquePointer(label.widget), PANGO_WRAP_WORD_CHAR)
        // In a box that gives it its natural width: libadwaita 1.2 sets its title beside the
        // buttons at the start, which asks a wrapping label for the narrowest width that fits
        // the row's height, and so broke a short title in two beside a taller button.
        let title = WidthFirstBin(child: label)
        adw_toast_set_custom_title(toast, title.widget)
        adw_toast_set_timeout(toast, timeout)
        if high { adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH) }
        sizing.add(title, of: toast)
        let shown = ShownToast(toast, overlay: OpaquePointer(widget), title: title, label: label, sizing: sizing, closeName: closeName)
        shown.setButton(button)
        adw_toast_overlay_add_toast(cast(widget), toast) // takes our reference; the handle keeps its own
        return shown
    }
}

public extension ToastOverlay {
    /// The toast on screen (a toast going away takes no clicks any more), if any.
    var shownToast: AnyWidget? { shownToastPart.map(AnyWidget.init) }

    private var shownToastPart: WidgetRef? {
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            if String(cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(c)))) == "AdwToastWidget",
               gtk_widget_get_can_target(c) != 0 {
                return c
            }
            child = gtk_widget_get_next_sibling(c)
        }
        return nil
    }

    /// The button of the toast on screen, if it has one. For tests, which press it as a user does.
    var shownButton: AnyWidget? { shownToastPart.flatMap(ShownToast.buttons)?.action.map(AnyWidget.init) }

    /// Where the keyboard goes to reach the toast on screen: its button, else its close button.
    var shownToastFocus: AnyWidget? { shownToastPart.flatMap(ShownToast.buttons).flatMap { $0.action ?? $0.close }.map(AnyWidget.init) }
}

/// How wide a toast's title may be. libadwaita 1.2 gives a toast the height its title needs at
/// the toast's natural width, then no more than the overlay's width: a title that wraps only
/// then is cut. So each title asks for no more than the overlay leaves it beside the toast's
/// buttons: when its toast shows (at once or after the toasts before it), when its button
/// changes, and when the window is resized while it shows. It follows the toasts themselves, from
/// their adding to their "dismissed", whoever holds a `ShownToast` for them.
@MainActor final class ToastSizing {
    /// The titles of the toasts not dismissed yet.
    private var titles: [WidthFirstBin] = []
    private var refit: TimerHandle?

    /// The overlay's width, at each allocation that changes it (0 before the first).
    var overlayWidth: Int32 = 0 {
        didSet { if overlayWidth != oldValue { fitSoon() } }
    }

    /// Follows `title` until `toast` is dismissed.
    func add(_ title: WidthFirstBin, of toast: OpaquePointer) {
        titles.append(title)
        title.onNotify("parent") { [self] in fitSoon() }
        Signal.connect(gpointerOf(toast), "dismissed") { [self, widget = title.widget] in
            titles.removeAll { $0.widget == widget }
        }
    }

    /// Fits every title shown, before the next frame (not during this one's layout, where a
    /// label's size is not to change).
    func fitSoon() {
        guard refit == nil, !titles.isEmpty else { return }
        refit = TimerHandle.idle(beforeNextFrame: true) { [weak self] in
            guard let self else { return }
            self.refit = nil
            self.titles.forEach(self.fit)
        }
    }

    /// Fits `title` now if its toast shows: what the overlay leaves it is the overlay's width less
    /// the rest of the toast (its padding and buttons: its natural width less its title's).
    func fit(_ title: WidthFirstBin) {
        guard overlayWidth > 0, let toast = title.ancestor(named: "toast"),
              gtk_widget_get_parent(toast) != nil else { return } // styled only once in the overlay
        let around = AnyWidget(toast).measure(.horizontal, for: -1).natural
            - title.measure(.horizontal, for: -1).natural
        title.maxWidth = max(overlayWidth - around, 0)
    }
}

/// A toast given to an overlay, until it is dismissed (by its timeout, its button or its close
/// button). While it waits or shows, its title and its button can change, as libadwaita allows,
/// and it can be given its full time again. (Dismissing it from code while it slides in crashes
/// libadwaita before 1.10 (a use after free when the show animation ends after the hide), so
/// the glue only takes out a toast that has not shown yet.)
@MainActor public final class ShownToast {
    /// What the button does: held by the toast's signal handler, so that it works for as long as
    /// the toast shows, whoever still holds this handle.
    private final class Action { var run: (@MainActor () -> Void)? }
    private let toast: OpaquePointer
    /// The overlay it was given to: alive while the toast is not dismissed (an overlay going away
    /// dismisses its toasts).
    private let overlay: OpaquePointer
    /// Its custom title (the label in its box) and the label.
    private let titleBox: WidthFirstBin
    private let label: Label
    private let sizing: ToastSizing
    private let action = Action()
    public private(set) var dismissed = false
    /// Counts the changes of its title and button: who changed it last can tell whether it has
    /// been changed since (by another use of the same toast).
    public private(set) var revision = 0

    init(_ toast: OpaquePointer, overlay: OpaquePointer, title: WidthFirstBin, label: Label, sizing: ToastSizing, closeName: String) {
        self.toast = toast
        self.overlay = overlay
        titleBox = title
        self.label = label
        self.sizing = sizing
        self.closeName = closeName
        g_object_ref(gpointerOf(toast))
        Signal.connect(gpointerOf(toast), "dismissed") { [weak self] in self?.dismissed = true }
        Signal.connect(gpointerOf(toast), "button-clicked") { [action] in action.run?() }
        // Its widgets are made when it shows, the title first: named once the toast is whole.
        title.onNotify("parent") { [weak self] in
            self?.naming = TimerHandle.idle(beforeNextFrame: true) { self?.nameButtons() }
        }
    }

    private let closeName: String
    private var naming: TimerHandle?

    /// The action button (its label, with a mnemonic) and the close button (an icon) of a toast
    /// widget, as libadwaita 1.2 builds it.
    static func buttons(of toastWidget: WidgetRef) -> (action: WidgetRef?, close: WidgetRef?) {
        let buttons = AnyWidget(toastWidget).descendants.filter { $0.isA(gtk_button_get_type()) && gtk_widget_get_visible($0) != 0 }
        return (buttons.first { gtk_button_get_label(cast($0)) != nil }, buttons.first { gtk_button_get_label(cast($0)) == nil })
    }

    /// Names the toast's buttons for a screen reader, each described by the title, which is what
    /// it acts on: the action by its label alone (GTK 4.8 reads a mnemonic label raw and then
    /// again: "_Undo Undo"), the close button by `closeName` (else "GtkImage").
    private func nameButtons() {
        guard let widget = titleBox.ancestor(named: "toast") else { return }
        let (action, close) = Self.buttons(of: widget)
        if let action, let text = gtk_button_get_label(cast(action)) {
            action.accessibleName(String(cString: text).withoutMnemonic)
            action.accessibleDescription(title)
        }
        close?.accessibleName(closeName)
        close?.accessibleDescription(title)
    }

    isolated deinit { g_object_unref(gpointerOf(toast)) }

    /// The title as shown (the custom title label: libadwaita keeps one of title and custom title).
    public var title: String {
        get { label.text }
        set {
            label.text = newValue
            revision += 1
            nameButtons()
        }
    }

    public var hasButton: Bool { action.run != nil }

    /// Gives the toast a button (a label with a mnemonic, and what it does), or takes it away (nil).
    public func setButton(_ button: (String, @MainActor () -> Void)?) {
        action.run = button?.1
        adw_toast_set_button_label(toast, button?.0)
        sizing.fit(titleBox) // a button of another width leaves the title another width
        revision += 1
        nameButtons()
    }

    /// Whether it is on screen now, rather than waiting its turn (its title is in the overlay).
    public var isShowing: Bool { !dismissed && gtk_widget_get_parent(titleBox.widget) != nil }

    /// Its full time again from now, as adding a toast again does in libadwaita (a waiting toast
    /// moves to the front of the queue).
    public func again() {
        guard !dismissed else { return }
        g_object_ref(gpointerOf(toast)) // the overlay lets go of the reference it is given
        adw_toast_overlay_add_toast(overlay, toast)
    }

    /// Takes the toast out of the queue if it has not shown yet; false when it shows (or is gone).
    @discardableResult
    public func withdrawIfWaiting() -> Bool {
        guard !dismissed, !isShowing else { return false }
        adw_toast_dismiss(toast)
        return true
    }
}

/// AdwClamp: holds its child to a readable width on wide windows.
public struct Clamp: Widget {
    public let widget: WidgetRef
    public init(child: some Widget, maximum: Int32, tighteningThreshold: Int32? = nil) {
        widget = adw_clamp_new()!
        adw_clamp_set_maximum_size(cast(widget), maximum)
        adw_clamp_set_tightening_threshold(cast(widget), tighteningThreshold ?? maximum * 3 / 4)
        adw_clamp_set_child(cast(widget), child.widget)
    }

    /// The size classes AdwClamp gives its child, one at a time.
    static let sizeClasses = ["small", "medium", "large"]

    /// The style class AdwClamp gives its child when the clamp is `width` wide, worked out as
    /// libadwaita 1.2 does it (adw-clamp-layout.c: `child_size_from_clamp`, then `allocate`):
    /// "large" once the child has its maximum size, "small" while it has no more than the
    /// tightening threshold, "medium" between. The child's own minimum width, which raises the
    /// threshold when it is wider, is not asked: measuring the child would style it.
    static func sizeClass(width: Int32, maximum: Int32, threshold: Int32) -> String {
        let lower = min(threshold, maximum), top = max(lower, maximum)
        let upper = lower + 3 * (top - lower) // ADW_EASE_OUT_TAN_CUBIC
        let size: Int32
        if width <= lower {
            size = width
        } else if width >= upper {
            size = top
        } else {
            // An ease-out cubic from the threshold to the maximum, cut to whole pixels as C does.
            let p = Double(width - lower) / Double(upper - lower) - 1
            let t = p * p * p + 1
            size = Int32(Double(lower) * (1 - t) + Double(top) * t)
        }
        if size >= top { return "large" }
        return size <= lower ? "small" : "medium"
    }

    /// Gives the child of each AdwClamp under `root` the size class it gets when laid out
    /// `width` wide, before anything is styled. AdwClamp sets it at its first allocation, after the
    /// first styling, and a class changed then styles everything inside again: GTK 4.8 looks
    /// each node up anew (at start-up, 110 of the window's 790 style lookups). Only clamps that
    /// get the whole width are set: a vertical one, or one inside another clamp (as AdwStatusPage
    /// holds), is laid out at a width not known here. A wrong guess (a wide child, a scroll bar
    /// that takes room) costs what it did before: the clamp puts it right at its allocation, and
    /// no style sheet, libadwaita's or Cambio's, draws these classes differently.
    @MainActor public static func prepareSizeClasses(under root: some Widget, width: Int32) {
        guard width > 0 else { return }
        root.walk { widget in
            guard widget.isA(adw_clamp_get_type()) else { return true }
            if gtk_orientable_get_orientation(OpaquePointer(widget)) == GTK_ORIENTATION_HORIZONTAL,
               let child = adw_clamp_get_child(cast(widget)), gtk_widget_get_width(child) == 0 {
                let chosen = sizeClass(width: width, maximum: adw_clamp_get_maximum_size(cast(widget)),
                                       threshold: adw_clamp_get_tightening_threshold(cast(widget)))
                for name in sizeClasses { child.setClass(name, name == chosen) }
            }
            return false // a clamp inside is laid out narrower
        }
    }
}

/// AdwStatusPage: an empty state (an icon, a title, a description, and maybe a child). Its own
/// scrolled window is a Tab stop (the keys scroll a page taller than the window), named after the
/// title. (Made unfocusable, Tab after it put the focus on a part AT-SPI does not show: the e2e
/// Tab walk stalled there.)
public struct StatusPage: Widget {
    public let widget: WidgetRef
    public init(icon: String, title: String, description: String? = nil, child: (any Widget)? = nil) {
        widget = adw_status_page_new()!
        adw_status_page_set_icon_name(cast(widget), icon)
        adw_status_page_set_description(cast(widget), description)
        if let child { adw_status_page_set_child(cast(widget), child.widget) }
        self.title = title
    }
    public var title: String {
        get { adw_status_page_get_title(cast(widget)).map { String(cString: $0) } ?? "" }
        nonmutating set {
            adw_status_page_set_title(cast(widget), newValue)
            for scroller in descendants where scroller.isA(gtk_scrolled_window_get_type()) { scroller.accessibleLabel(newValue) }
        }
    }
    public var details: String {
        get { adw_status_page_get_description(cast(widget)).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_status_page_set_description(cast(widget), newValue) }
    }
}

/// GtkRevealer: shows and hides its child with a slide.
public struct Revealer: Widget {
    public let widget: WidgetRef
    /// Empty: its child is set when there is something to show.
    public init() {
        widget = gtk_revealer_new()!
        gtk_revealer_set_transition_type(cast(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    }
    public var child: (any Widget)? {
        get { gtk_revealer_get_child(cast(widget)).map(AnyWidget.init) }
        nonmutating set { gtk_revealer_set_child(cast(widget), newValue?.widget) }
    }
    public var revealed: Bool {
        get { gtk_revealer_get_reveal_child(cast(widget)) != 0 }
        nonmutating set { gtk_revealer_set_reveal_child(cast(widget), newValue ? 1 : 0) }
    }
}

/// AdwAboutWindow, with the app's details and its credits.
public struct AboutWindow: Widget {
    public let widget: WidgetRef
    private var about: OpaquePointer { OpaquePointer(widget) }

    public init(name: String, icon: String, version: String, developer: String, website: String, issues: String,
                copyright: String, comments: String, license: License) {
        widget = adw_about_window_new()!
        adw_about_window_set_application_name(about, name)
        adw_about_window_set_application_icon(about, icon)
        adw_about_window_set_version(about, version)
        adw_about_window_set_developer_name(about, developer)
        adw_about_window_set_website(about, website)
        adw_about_window_set_issue_url(about, issues)
        adw_about_window_set_copyright(about, copyright)
        adw_about_window_set_comments(about, comments)
        adw_about_window_set_license_type(about, license.gtk)
    }
    public func translatorCredits(_ text: String) { adw_about_window_set_translator_credits(about, text) }
    /// A section of the Legal page (a data source's terms).
    public func legalSection(title: String, copyright: String?, text: String) {
        adw_about_window_add_legal_section(about, title, copyright, GTK_LICENSE_CUSTOM, text)
    }
    /// A section of the Credits page (people or sources, "Name https://…").
    public func creditSection(_ title: String, _ entries: [String]) {
        withCStringArray(entries) { adw_about_window_add_credit_section(about, title, $0) }
    }
    public var window: Window { Window(existing: widget) }
}

public extension AboutWindow {
    init(existing: WidgetRef) { checkWrapped(existing, adw_about_window_get_type(), "AboutWindow"); widget = existing }
    /// The About windows shown now (tests).
    static func shown() -> [AboutWindow] {
        guard let list = gtk_window_get_toplevels() else { return [] }
        return (0..<g_list_model_get_n_items(list)).compactMap { i in
            guard let item = g_list_model_get_item(list, i) else { return nil }
            defer { g_object_unref(item) }
            guard g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), adw_about_window_get_type()) != 0,
                  gtk_widget_get_visible(item.assumingMemoryBound(to: GtkWidget.self)) != 0 else { return nil }
            return AboutWindow(existing: item.assumingMemoryBound(to: GtkWidget.self))
        }
    }
    var applicationName: String { adw_about_window_get_application_name(OpaquePointer(widget)).map { String(cString: $0) } ?? "" }
    var version: String { adw_about_window_get_version(OpaquePointer(widget)).map { String(cString: $0) } ?? "" }
    var license: License? { License(adw_about_window_get_license_type(OpaquePointer(widget))) }
    var website: String { adw_about_window_get_website(OpaquePointer(widget)).map { String(cString: $0) } ?? "" }
    var issueURL: String { adw_about_window_get_issue_url(OpaquePointer(widget)).map { String(cString: $0) } ?? "" }
}
