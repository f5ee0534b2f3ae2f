// The baseline for `make bench`: an empty GTK 4 window, built and started the way cambio is.
import CambioGLib
import CGtk
import Foundation

setlocale(LC_ALL, "")
let status: Int32 = MainActor.assumeIsolated {
    MainLoopBridge.install()
    let app = gtk_application_new("io.github.cambio.EmptyWindow", G_APPLICATION_DEFAULT_FLAGS)!
    Signal.connect(gpointerOf(app), "activate") {
        let window = gtk_application_window_new(app)!
        gtk_window_set_title(cast(window), "Empty")
        gtk_window_set_default_size(cast(window), 720, 680)
        StartupProbe.attach(window)
        gtk_window_present(cast(window))
    }
    return g_application_run(cast(app), 0, nil)
}
exit(status)
