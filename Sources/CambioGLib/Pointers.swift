import CGtk

/// GTK constructors return `GtkWidget*`; final types (GtkLabel, GtkBox) import as OpaquePointer,
/// derivable ones (GtkWindow, GtkEntry) as typed pointers. These helpers keep casts in one place.
public typealias WidgetRef = UnsafeMutablePointer<GtkWidget>

/// Casts a GObject pointer to whatever the C function at hand expects (the type is inferred).
@inline(__always) public func cast<T>(_ p: UnsafeMutablePointer<T>) -> OpaquePointer { OpaquePointer(p) }
@inline(__always) public func cast<T, U>(_ p: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: T.self)
}
@inline(__always) public func cast<T>(_ p: OpaquePointer) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: T.self)
}

@inline(__always) public func gpointerOf<T>(_ p: UnsafeMutablePointer<T>) -> gpointer { UnsafeMutableRawPointer(p) }
@inline(__always) public func gpointerOf(_ p: OpaquePointer) -> gpointer { UnsafeMutableRawPointer(p) }

/// A NUL-terminated C string array for the duration of `body` (accelerators, CSS class lists).
public func withCStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

public extension String {
    /// A mnemonic label as it reads: "_Save" is "Save", "a__b" is "a_b".
    var withoutMnemonic: String {
        var out = ""
        var escaped = false
        for c in self {
            if c == "_" && !escaped { escaped = true; continue }
            out.append(c)
            escaped = false
        }
        return out
    }
}

/// Owns one GObject reference (taken over from the caller) and drops it when released.
public final class GObjectRef: @unchecked Sendable {
    public let pointer: gpointer
    public init(_ owned: gpointer) { pointer = owned }
    deinit { g_object_unref(pointer) }
}

public extension WidgetRef {
    func addClass(_ name: String) { gtk_widget_add_css_class(self, name) }
    func removeClass(_ name: String) { gtk_widget_remove_css_class(self, name) }
    func setClass(_ name: String, _ on: Bool) { on ? addClass(name) : removeClass(name) }
    var visible: Bool {
        get { gtk_widget_get_visible(self) != 0 }
        nonmutating set { gtk_widget_set_visible(self, newValue ? 1 : 0) }
    }
    func accessibleLabel(_ text: String) { cambio_accessible_set_label(self, text) }
    /// The whole accessible name, read alone: for a control whose own text or row title GTK
    /// 4.8 would read after it. (Set it again after changing the control's text.)
    func accessibleName(_ text: String) { cambio_accessible_set_name(self, text) }
    /// Read by assistive technologies after the name ("with 2.2 % fee: 91.48 EUR"); "" removes it.
    func accessibleDescription(_ text: String) { cambio_accessible_set_description(self, text.isEmpty ? nil : text) }
    /// Marks a field wrong, as it is drawn (the "error" style) and as a screen reader hears it:
    /// the invalid state, and `why` as its description (a label beside the field is not read
    /// with it). nil marks it right again, with `otherwise` as its description ("" for none).
    func markInvalid(_ why: String?, otherwise: String = "") {
        setClass("error", why != nil)
        cambio_accessible_set_invalid(self, why != nil ? 1 : 0)
        accessibleDescription(why ?? otherwise)
    }
    /// Sets the tooltip (and the accessible description GTK derives from it).
    /// GTK 4.8 re-checks the tooltip under the pointer after each change on a visible widget, and
    /// on X11 that costs two round trips to the server (XIGetClientPointer, XIQueryPointer). A
    /// widget not yet in a window cannot be under the pointer: it is set hidden, which skips the
    /// check (the start-up window sets about twenty tooltips while it is built).
    func tooltip(_ text: String?) {
        let unplaced = gtk_widget_get_root(self) == nil && visible
        if unplaced { visible = false }
        gtk_widget_set_tooltip_text(self, text)
        if unplaced { visible = true }
    }
    func margins(_ top: Int32, _ end: Int32, _ bottom: Int32, _ start: Int32) {
        gtk_widget_set_margin_top(self, top); gtk_widget_set_margin_end(self, end)
        gtk_widget_set_margin_bottom(self, bottom); gtk_widget_set_margin_start(self, start)
    }
}

/// A GType for values that only the program's own widgets accept: a boxed C string. GTK has no
/// serializer for it, so a drag carrying it stays in the process and is never taken as text.
/// Each kind of value is registered once, under its own name (`register`).
public enum PrivateStringType {
    public static func register(_ name: String) -> GType {
        g_boxed_type_register_static(
            name,
            { p in UnsafeMutableRawPointer(g_strdup(p?.assumingMemoryBound(to: gchar.self))) },
            { p in g_free(p) })
    }

    /// A content provider holding `text` as a value of `type`.
    public static func provider(_ type: GType, _ text: String) -> UnsafeMutablePointer<GdkContentProvider>? {
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        text.withCString { g_value_set_boxed(&value, $0) }
        return gdk_content_provider_new_for_value(&value)
    }

    /// The text of a value of such a type.
    public static func text(_ value: UnsafePointer<GValue>) -> String? {
        g_value_get_boxed(value).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }
}
