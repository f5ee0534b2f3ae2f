import CGtk

/// GtkButton.
public struct Button: Widget {
    public let widget: WidgetRef
    private var button: UnsafeMutablePointer<GtkButton> { cast(widget) }

    /// A button with a mnemonic ("_Save"). The mnemonic lives on a child label, so the button's
    /// accessible name is the label's text ("Save"); GTK 4.8 reads a button's own mnemonic label
    /// raw ("_Save Save").
    public init(mnemonic text: String) {
        widget = gtk_button_new()!
        self.mnemonic = text
    }

    /// An icon button; `name` is its accessible name and tooltip.
    public init(icon: String, name: String) {
        widget = gtk_button_new_from_icon_name(icon)!
        widget.tooltip(name)
        widget.accessibleLabel(name)
    }

    /// A button showing `child`.
    public init(child: some Widget) {
        widget = gtk_button_new()!
        gtk_button_set_child(button, child.widget)
    }

    public init(existing: WidgetRef) { checkWrapped(existing, gtk_button_get_type(), "Button"); widget = existing }

    /// The button's text, with its mnemonic.
    public var mnemonic: String {
        get { child.map { Label(existing: $0.widget).text } ?? "" }
        nonmutating set { gtk_button_set_child(button, Label(mnemonic: newValue, for: self).widget) }
    }
    /// Its text with a mnemonic, which may end in "…" where the row has no room for it whole
    /// (a long translation, large text on a phone); the whole text is then its tooltip.
    public func setEllipsizing(mnemonic text: String) {
        let label = Label(mnemonic: text, for: self)
        label.ellipsizeKeepingTen()
        gtk_button_set_child(button, label.widget)
        tooltip(text.withoutMnemonic)
    }
    public var iconName: String? {
        get { gtk_button_get_icon_name(button).map { String(cString: $0) } }
        nonmutating set { gtk_button_set_icon_name(button, newValue) }
    }
    public var child: (any Widget)? {
        get { gtk_button_get_child(button).map(AnyWidget.init) }
        nonmutating set { gtk_button_set_child(button, newValue?.widget) }
    }
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("clicked", handler) }
}

extension Button {
    private static let nameKey = "cambio-name"

    /// Names a GtkMenuButton, the toggle inside it (what takes the focus) and its popover.
    static func nameMenuButton(_ widget: WidgetRef, _ name: String) {
        widget.accessibleName(name)
        if let inner = gtk_widget_get_first_child(widget) { inner.accessibleName(name) }
        g_object_set_data_full(cast(widget), nameKey, UnsafeMutableRawPointer(g_strdup(name)), g_free)
        if let popover = gtk_menu_button_get_popover(OpaquePointer(widget)) { namePopover(cast(popover), of: widget) }
    }

    /// Names a menu button's popover as the button is named (else GTK 4.8 says "GtkPopover"), and
    /// the parts GTK builds inside it (a menu's).
    static func namePopover(_ popover: WidgetRef, of button: WidgetRef) {
        if let name = g_object_get_data(cast(button), nameKey) {
            popover.accessibleName(String(cString: name.assumingMemoryBound(to: CChar.self)))
        }
        // A menu's items and scrolled window are GTK's own (a popover of ours is named by us).
        if popover.isA(gtk_popover_menu_get_type()) { AnyWidget(popover).nameBuiltInParts() }
    }
}

/// GtkToggleButton.
public struct ToggleButton: Widget {
    public let widget: WidgetRef
    private var toggle: UnsafeMutablePointer<GtkToggleButton> { cast(widget) }

    public init(mnemonic text: String) {
        widget = gtk_toggle_button_new()!
        Button(existing: widget).mnemonic = text
    }
    /// A toggle button showing `child` (a label without a mnemonic: "1W").
    public init(child: some Widget) {
        widget = gtk_toggle_button_new()!
        Button(existing: widget).child = child.widget
    }
    public var active: Bool {
        get { gtk_toggle_button_get_active(toggle) != 0 }
        nonmutating set { gtk_toggle_button_set_active(toggle, newValue ? 1 : 0) }
    }
    /// A click, or Enter or Space on it (the button toggles before).
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("clicked", handler) }
    /// Makes this button one of `other`'s radio group.
    public func group(with other: ToggleButton) { gtk_toggle_button_set_group(toggle, other.toggle) }
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("toggled", handler) }
}

/// GtkCheckButton.
public struct CheckButton: Widget {
    public let widget: WidgetRef
    private var check: UnsafeMutablePointer<GtkCheckButton> { cast(widget) }

    public init(mnemonic text: String) { widget = gtk_check_button_new_with_mnemonic(text)! }
    public var active: Bool {
        get { gtk_check_button_get_active(check) != 0 }
        nonmutating set { gtk_check_button_set_active(check, newValue ? 1 : 0) }
    }
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("toggled", handler) }
}

/// GtkSwitch.
public struct Switch: Widget {
    public let widget: WidgetRef
    public init() { widget = gtk_switch_new()! }
    public var active: Bool {
        get { gtk_switch_get_active(OpaquePointer(widget)) != 0 }
        nonmutating set { gtk_switch_set_active(OpaquePointer(widget), newValue ? 1 : 0) }
    }
    /// The switch was turned (by the user or by code).
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { onNotify("active", handler) }
}

/// GtkPopover.
public struct Popover: Widget {
    public let widget: WidgetRef
    private var popover: UnsafeMutablePointer<GtkPopover> { cast(widget) }

    public init() { widget = gtk_popover_new()! }
    public init(child: some Widget) {
        widget = gtk_popover_new()!
        gtk_popover_set_child(popover, child.widget)
    }
    public init(existing: WidgetRef) { checkWrapped(existing, gtk_popover_get_type(), "Popover"); widget = existing }

    /// An item of a menu popover: its title (with a mnemonic) and what it does.
    public struct MenuItem {
        let title: String
        let action: @MainActor () -> Void
        public init(_ title: String, _ action: @escaping @MainActor () -> Void) { self.title = title; self.action = action }
    }

    /// A menu of flat buttons read as menu items, one an item; a press closes the popover, then
    /// runs the item's action.
    public init(menu items: [MenuItem]) {
        self.init()
        let popover = self
        let box = Box(existing: cambio_menu_box_new())
        for item in items {
            let action = item.action
            let b = Button(existing: cambio_menu_item_button_new())
            b.mnemonic = item.title
            b.accessibleName(item.title.withoutMnemonic)
            b.onClicked {
                popover.popdown()
                action()
            }
            b.addClass("flat")
            b.child?.halign = .start
            box.append(b)
        }
        child = box.widget
    }

    public var child: (any Widget)? {
        get { gtk_popover_get_child(popover).map(AnyWidget.init) }
        nonmutating set { gtk_popover_set_child(popover, newValue?.widget) }
    }
    public func popdown() { gtk_popover_popdown(popover) }
    /// The popover is about to show.
    @discardableResult
    public func onShow(_ handler: @escaping @MainActor () -> Void) -> SignalHandle { on("show", handler) }
}

/// GtkMenuButton.
public struct MenuButton: Widget {
    public let widget: WidgetRef
    private var button: OpaquePointer { OpaquePointer(widget) }

    public init() { widget = gtk_menu_button_new()! }
    public init(icon: String, name: String) {
        self.init()
        gtk_menu_button_set_icon_name(button, icon)
        widget.tooltip(name)
        Button.nameMenuButton(widget, name)
    }
    public init(label: String) {
        self.init()
        gtk_menu_button_set_label(button, label)
    }
    /// A menu button whose label may end in "…" where the row has no room for it whole (large
    /// text on a phone), its arrow kept, the whole label as its tooltip.
    public static func ellipsizing(label: String) -> MenuButton {
        let menu = MenuButton()
        let text = Label(label)
        text.ellipsizeKeepingTen()
        menu.child = text.widget
        gtk_menu_button_set_always_show_arrow(menu.button, 1)
        menu.widget.tooltip(label)
        return menu
    }

    public var popover: Popover? {
        get { gtk_menu_button_get_popover(button).map { Popover(existing: cast($0)) } }
        nonmutating set {
            gtk_menu_button_set_popover(button, newValue?.widget)
            if let popover = newValue?.widget { Button.namePopover(popover, of: widget) }
        }
    }
    public var child: (any Widget)? {
        get { gtk_menu_button_get_child(button).map(AnyWidget.init) }
        nonmutating set { gtk_menu_button_set_child(button, newValue?.widget) }
    }
    public var label: String {
        get { gtk_menu_button_get_label(button).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_menu_button_set_label(button, newValue) }
    }
    public var iconName: String? {
        get { gtk_menu_button_get_icon_name(button).map { String(cString: $0) } }
        nonmutating set { gtk_menu_button_set_icon_name(button, newValue) }
    }
    /// The window's primary menu: F10 opens it.
    public var primary: Bool {
        get { gtk_menu_button_get_primary(button) != 0 }
        nonmutating set { gtk_menu_button_set_primary(button, newValue ? 1 : 0) }
    }
    public func popup() { gtk_menu_button_popup(button) }
    public func popdown() { gtk_menu_button_popdown(button) }

    /// `body` runs the first time the menu opens, and sets its popover.
    public func onFirstOpen(_ body: @escaping @MainActor () -> Void) { MenuButtonPopup.onFirstOpen(widget, body) }
}

public extension MenuButton {
    /// Names the button and the toggle inside it, which is what takes the focus: that name
    /// alone, not followed by the button's text or its row's title. (Name it again after
    /// changing its label.)
    func name(_ name: String) { Button.nameMenuButton(widget, name) }
}

public extension CheckButton {
    /// A check button showing `label`, which can wrap on narrow windows (a check button's own
    /// label never wraps). Set the label's text to change what it says.
    init(label: Label) {
        self.init(mnemonic: "")
        gtk_check_button_set_child(cast(widget), label.widget)
    }
}

extension Label {
    /// Ends in "…" where there is no room for the whole text, keeping at least ten characters
    /// ("Währung h…", never "Wä…"), so that a layout that can stack it rather stacks it.
    func ellipsizeKeepingTen() {
        ellipsize = .end
        widthChars = Int32(min(text.count, 10))
    }
}
