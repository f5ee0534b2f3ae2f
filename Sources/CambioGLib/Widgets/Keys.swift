import CGtk

/// A key pressed, as the screens tell keys apart: the keypad's arrows and editing keys are
/// the same keys as the main ones; = and Enter likewise wherever they are typed.
public enum Key: Equatable, Sendable {
    case left, right, up, down, home, end, pageUp, pageDown
    case enter, escape, backspace, delete, insert, f6
    /// = on the main keyboard or on the keypad.
    case equals
    /// The keypad's decimal key, whose character depends on the keyboard layout, not the locale.
    case keypadDecimal
    /// Any other key that types a character (a letter as typed: "c" or, with Shift, "C").
    case character(Character)
    /// A key that types nothing and is none of the above.
    case other

    init(keyval: guint) {
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: self = .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: self = .right
        case GDK_KEY_Up, GDK_KEY_KP_Up: self = .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: self = .down
        case GDK_KEY_Home, GDK_KEY_KP_Home: self = .home
        case GDK_KEY_End, GDK_KEY_KP_End: self = .end
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: self = .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: self = .pageDown
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: self = .enter
        case GDK_KEY_Escape: self = .escape
        case GDK_KEY_BackSpace: self = .backspace
        case GDK_KEY_Delete, GDK_KEY_KP_Delete: self = .delete
        case GDK_KEY_Insert, GDK_KEY_KP_Insert: self = .insert
        case GDK_KEY_F6: self = .f6
        case GDK_KEY_equal, GDK_KEY_KP_Equal: self = .equals
        case GDK_KEY_KP_Decimal, GDK_KEY_KP_Separator: self = .keypadDecimal
        default:
            let c = gdk_keyval_to_unicode(keyval)
            if c >= 0x20, c != 0x7F, let scalar = Unicode.Scalar(c) { self = .character(Character(scalar)) } else { self = .other }
        }
    }

    /// The key as a shortcut names it (the letter's lower case), for `onShortcut`.
    var keyval: guint {
        switch self {
        case .left: guint(GDK_KEY_Left)
        case .right: guint(GDK_KEY_Right)
        case .up: guint(GDK_KEY_Up)
        case .down: guint(GDK_KEY_Down)
        case .home: guint(GDK_KEY_Home)
        case .end: guint(GDK_KEY_End)
        case .pageUp: guint(GDK_KEY_Page_Up)
        case .pageDown: guint(GDK_KEY_Page_Down)
        case .enter: guint(GDK_KEY_Return)
        case .escape: guint(GDK_KEY_Escape)
        case .backspace: guint(GDK_KEY_BackSpace)
        case .delete: guint(GDK_KEY_Delete)
        case .insert: guint(GDK_KEY_Insert)
        case .f6: guint(GDK_KEY_F6)
        case .equals: guint(GDK_KEY_equal)
        case .keypadDecimal: guint(GDK_KEY_KP_Decimal)
        case .character(let c): c.lowercased().unicodeScalars.first.map { gdk_unicode_to_keyval($0.value) } ?? guint(GDK_KEY_VoidSymbol)
        case .other: guint(GDK_KEY_VoidSymbol)
        }
    }

    /// Whether it is the letter `letter`, typed with or without Shift.
    public func isLetter(_ letter: Character) -> Bool {
        if case .character(let c) = self { return c.lowercased() == letter.lowercased() }
        return false
    }
}

/// The modifier keys held with a key (GdkModifierType, the ones shortcuts use).
public struct Modifiers: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: GDK_SHIFT_MASK.rawValue)
    public static let control = Modifiers(rawValue: GDK_CONTROL_MASK.rawValue)
    public static let alt = Modifiers(rawValue: GDK_ALT_MASK.rawValue)

    init(_ state: GdkModifierType) { self.init(rawValue: state.rawValue & (Self.shift.rawValue | Self.control.rawValue | Self.alt.rawValue)) }
    var gdk: GdkModifierType { GdkModifierType(rawValue) }
}
