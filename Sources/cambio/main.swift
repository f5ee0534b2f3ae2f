import CambioUI
import CGtk
import Foundation

// GTK owns the main thread: stay synchronous and end in g_application_run.
setlocale(LC_ALL, "")
let status: Int32 = MainActor.assumeIsolated {
    CambioApplication.traceStart()
    return CambioApplication().run(arguments: CommandLine.arguments)
}
exit(status)
