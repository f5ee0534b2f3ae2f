import CambioGLib
import CGtk

/// A page whose feature has not shipped yet: says so, and offers nothing to click.
@MainActor enum PlaceholderPage {
    static func make(title: String, summary: String) -> WidgetRef {
        let heading = UI.label(title, classes: ["title-2"], xalign: 0.5)
        let text = UI.label(summary, classes: ["dim-label"], xalign: 0.5)
        gtk_label_set_wrap(cast(text), 1)
        gtk_label_set_justify(cast(text), GTK_JUSTIFY_CENTER)
        let note = UI.label(tr("Not available in this version yet."), classes: ["dim-label"], xalign: 0.5)
        let box = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [heading, text, note])
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        box.margins(24, 24, 24, 24)
        return box
    }
}
