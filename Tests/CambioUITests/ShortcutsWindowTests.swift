import XCTest
import CGtk
import CambioGLib
@testable import CambioUI

/// The shortcuts window is built from the same list the accelerators are registered from.
final class ShortcutsWindowTests: WindowTestCase {
    func testEveryAcceleratorIsListed() async throws {
        let specs = [
            ActionSpec(name: "quit", accels: ["<Control>q"], group: "General", title: "Quit") {},
            ActionSpec(name: "refresh", accels: ["F5", "<Control>r"], group: "General", title: "Refresh & fetch") {},
            ActionSpec(name: "hidden", accels: [], group: "General", title: "No keys") {},
        ]
        let local = [LocalShortcut(group: "Lists", title: "Move", accels: ["<Alt>Up", "<Alt>Down"])]
        let xml = ShortcutsWindow.xml(specs, local)
        XCTAssertTrue(xml.contains(#"<property name="accelerator">&lt;Control&gt;q</property>"#), xml)
        XCTAssertTrue(xml.contains(#"<property name="accelerator">F5 &lt;Control&gt;r</property>"#))
        XCTAssertTrue(xml.contains("Refresh &amp; fetch"), "titles are escaped")
        XCTAssertTrue(xml.contains(#"<property name="accelerator">&lt;Alt&gt;Up &lt;Alt&gt;Down</property>"#))
        XCTAssertFalse(xml.contains("No keys"), "an action without keys is not a shortcut")
        let window = try XCTUnwrap(ShortcutsWindow.make(specs, local), "GTK builds the window from it")
        gtk_window_destroy(cast(window))
    }
}
