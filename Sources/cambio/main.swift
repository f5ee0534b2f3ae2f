import CambioBacktrace
import CambioCLI
import CambioCore
import CambioGLib
import CambioServices
import CambioUI
import CGtk
import Foundation

StandardError.keepStandardStreamsOpen()
cambio_backtrace_restore_environment()

// `cambio <command> ...` answers on the command line; anything else opens the window.
let arguments = CommandLine.arguments
// The GNOME Shell search provider, started by the session bus: no display, no network.
if arguments.count == 2 && arguments[1] == "--search-provider" {
    exit(MainActor.assumeIsolated { ShellSearchService.run() })
}
if arguments.count > 1 {
    switch CambioCommand.dispatch(arguments[1]) {
    case .command:
        // A reader that has gone (`| head -c1`) ends the output, not the command: its own code.
        signal(SIGPIPE, SIG_IGN)
        CambioCommand.main() // exits with the command's status on failure
        exit(0)
    case .version:
        print("cambio \(CambioCommand.version)")
        exit(0)
    case .unknown(let message):
        StandardError.write("cambio: \(message)\n")
        exit(2)
    case .window:
        break
    }
}

// GTK owns the main thread: stay synchronous and end in g_application_run.
setlocale(LC_ALL, "")
let status: Int32 = MainActor.assumeIsolated {
    CambioApplication.traceStart()
    return CambioApplication().run(arguments: arguments)
}
exit(status)
