import XCTest
import CGtk
import CambioGLib

/// Swift concurrency inside the GLib main loop. A synchronous test runs on the main thread
/// outside any dispatch job, as `main` does before `g_application_run`.
final class MainLoopBridgeTests: XCTestCase {
    func testMainActorTasksRunWhileOnlyGLibIterates() {
        MainActor.assumeIsolated {
            MainLoopBridge.install()
            final class Flags { var task = false; var asyncHop = false; var timer = false; var deadline = false }
            let flags = Flags()
            Task { @MainActor in
                flags.task = true
                try? await Task.sleep(for: .milliseconds(20)) // suspends and resumes on the main actor
                flags.asyncHop = true
            }
            MainContext.after(milliseconds: 5) { flags.timer = true }
            let deadline = MainContext.after(milliseconds: 5000) { flags.deadline = true }
            defer { MainContext.cancel(deadline) }
            while !(flags.task && flags.asyncHop && flags.timer) && !flags.deadline {
                g_main_context_iteration(nil, 1) // blocks until a GLib source fires: no polling
            }
            XCTAssertTrue(flags.task, "a Task { @MainActor in } ran under the GLib loop")
            XCTAssertTrue(flags.asyncHop, "it resumed on the main actor after a suspension")
            XCTAssertTrue(flags.timer)
        }
    }
}
