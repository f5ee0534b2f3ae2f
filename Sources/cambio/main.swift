import CambioCLI
import CambioUI
import CGtk
import Foundation

// `cambio <command> ...` answers on the command line; anything else opens the window.
let arguments = CommandLine.arguments
if arguments.count > 1, CambioCommand.names.contains(arguments[1]) {
    CambioCommand.main() // exits with the command's status on failure
    exit(0)
}

// GTK owns the main thread: stay synchronous and end in g_application_run.
setlocale(LC_ALL, "")
let status: Int32 = MainActor.assumeIsolated {
    CambioApplication.traceStart()
    return CambioApplication().run(arguments: arguments)
}
exit(status)
