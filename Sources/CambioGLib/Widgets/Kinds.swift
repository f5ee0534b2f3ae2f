import CGtk

// GTK's and Pango's layout enums as Swift types, so that screens name them without C.

/// Where a widget sits in the space its container gives it (GtkAlign).
public enum Align: Sendable {
    case fill, start, end, center, baseline

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        case .baseline: GTK_ALIGN_BASELINE
        }
    }

    init(_ gtk: GtkAlign) {
        switch gtk {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        case GTK_ALIGN_BASELINE: self = .baseline
        default: self = .fill
        }
    }
}

/// How the lines of a label line up with one another (GtkJustification).
public enum Justification: Sendable {
    case left, right, center, fill

    var gtk: GtkJustification {
        switch self {
        case .left: GTK_JUSTIFY_LEFT
        case .right: GTK_JUSTIFY_RIGHT
        case .center: GTK_JUSTIFY_CENTER
        case .fill: GTK_JUSTIFY_FILL
        }
    }

    init(_ gtk: GtkJustification) {
        switch gtk {
        case GTK_JUSTIFY_RIGHT: self = .right
        case GTK_JUSTIFY_CENTER: self = .center
        case GTK_JUSTIFY_FILL: self = .fill
        default: self = .left
        }
    }
}

/// Where a label too long for its space is cut, with "…" (PangoEllipsizeMode).
public enum Ellipsis: Sendable {
    case none, start, middle, end

    var pango: PangoEllipsizeMode {
        switch self {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
    }

    init(_ pango: PangoEllipsizeMode) {
        switch pango {
        case PANGO_ELLIPSIZE_START: self = .start
        case PANGO_ELLIPSIZE_MIDDLE: self = .middle
        case PANGO_ELLIPSIZE_END: self = .end
        default: self = .none
        }
    }
}

/// Where a wrapping label may break its lines (PangoWrapMode): between words, anywhere, or
/// between words and, for a word longer than the line, inside it.
public enum Wrap: Sendable {
    case words, characters, wordsThenCharacters

    var pango: PangoWrapMode {
        switch self {
        case .words: PANGO_WRAP_WORD
        case .characters: PANGO_WRAP_CHAR
        case .wordsThenCharacters: PANGO_WRAP_WORD_CHAR
        }
    }

    init(_ pango: PangoWrapMode) {
        switch pango {
        case PANGO_WRAP_CHAR: self = .characters
        case PANGO_WRAP_WORD_CHAR: self = .wordsThenCharacters
        default: self = .words
        }
    }
}

/// When a scrolled window shows a scroll bar in one direction (GtkPolicyType); `never`
/// makes it as wide (or high) as its content.
public enum ScrollPolicy: Sendable {
    case always, automatic, never, external

    var gtk: GtkPolicyType {
        switch self {
        case .always: GTK_POLICY_ALWAYS
        case .automatic: GTK_POLICY_AUTOMATIC
        case .never: GTK_POLICY_NEVER
        case .external: GTK_POLICY_EXTERNAL
        }
    }
}

/// How many rows of a list may be chosen (GtkSelectionMode); `browse` always one.
public enum SelectionMode: Sendable {
    case none, single, browse, multiple

    var gtk: GtkSelectionMode {
        switch self {
        case .none: GTK_SELECTION_NONE
        case .single: GTK_SELECTION_SINGLE
        case .browse: GTK_SELECTION_BROWSE
        case .multiple: GTK_SELECTION_MULTIPLE
        }
    }

    init(_ gtk: GtkSelectionMode) {
        switch gtk {
        case GTK_SELECTION_SINGLE: self = .single
        case GTK_SELECTION_BROWSE: self = .browse
        case GTK_SELECTION_MULTIPLE: self = .multiple
        default: self = .none
        }
    }
}

/// What a text field is for, which on-screen keyboards follow (GtkInputPurpose).
public enum InputPurpose: Sendable {
    case freeForm, number, password

    var gtk: GtkInputPurpose {
        switch self {
        case .freeForm: GTK_INPUT_PURPOSE_FREE_FORM
        case .number: GTK_INPUT_PURPOSE_NUMBER
        case .password: GTK_INPUT_PURPOSE_PASSWORD
        }
    }

    init(_ gtk: GtkInputPurpose) {
        switch gtk {
        case GTK_INPUT_PURPOSE_NUMBER: self = .number
        case GTK_INPUT_PURPOSE_PASSWORD: self = .password
        default: self = .freeForm
        }
    }
}

/// A box's or a measure's direction (GtkOrientation).
public enum Orientation: Sendable {
    case horizontal, vertical

    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
    init(_ gtk: GtkOrientation) { self = gtk == GTK_ORIENTATION_HORIZONTAL ? .horizontal : .vertical }
}

/// The license an About window names (GtkLicense): the ones Cambio uses.
public enum License: Sendable {
    case mitX11

    var gtk: GtkLicense { GTK_LICENSE_MIT_X11 }
    init?(_ gtk: GtkLicense) {
        guard gtk == GTK_LICENSE_MIT_X11 else { return nil }
        self = .mitX11
    }
}
