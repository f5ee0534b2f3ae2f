// The baselines for `make bench`: an empty window, built and started the way cambio is, at
// cambio's default size, reporting its first frame the same way.
//   cambio-empty-window             a GtkApplication with an empty GtkApplicationWindow
//   cambio-empty-window --adwaita   an AdwApplication with an empty AdwApplicationWindow whose
//                                   content is a header bar (what cambio's shell starts from)
//   ... --adwaita --early-init      the same, with Adwaita initialised before the application
//                                   registers, as cambio does (see CambioApplication.run)
import CambioGLib
import CGtk
import Foundation

StartupTrace.mark("main")
setlocale(LC_ALL, "")
let adwaita = CommandLine.arguments.dropFirst().contains("--adwaita")
let earlyInit = CommandLine.arguments.dropFirst().contains("--early-init")
let status: Int32 = MainActor.assumeIsolated {
    MainLoopBridge.install()
    if adwaita {
        let app = Application(id: "io.github.cambio.EmptyAdwaitaWindow")
        app.on("startup") { StartupTrace.mark("GTK started") }
        app.on("activate") {
            let window = ApplicationWindow(application: app)
            window.window.title = "Empty"
            window.window.defaultSize(width: 960, height: 720)
            window.content = Box.vertical([AdwHeaderBar()])
            StartupProbe.attach(window.widget)
            StartupTrace.mark("window built")
            window.window.present()
            StartupTrace.mark("window presented")
        }
        if earlyInit { adw_init() }
        return app.run(arguments: [CommandLine.arguments[0]])
    }
    let app = gtk_application_new("io.github.cambio.EmptyWindow", G_APPLICATION_DEFAULT_FLAGS)!
    Signal.connect(gpointerOf(app), "activate") {
        let window = gtk_application_window_new(app)!
        gtk_window_set_title(cast(window), "Empty")
        gtk_window_set_default_size(cast(window), 960, 720)
        StartupProbe.attach(window)
        gtk_window_present(cast(window))
    }
    return g_application_run(cast(app), 0, nil)
}
exit(status)
