import CambioCore
import CambioGLib
import Foundation

/// The systemd user timer that checks the alerts while the window is closed
/// (`cambio-alerts.timer`, installed with Cambio): enabled and started while at least one alert
/// is armed, stopped and disabled when none is, through systemd's D-Bus API on the user's bus
/// (org.freedesktop.systemd1), as `systemctl --user enable --now` would; no file is written by hand.
@MainActor public enum AlertTimer {
    public static let unit = "cambio-alerts.timer"
    static let manager = (name: "org.freedesktop.systemd1", path: "/org/freedesktop/systemd1",
                          interface: "org.freedesktop.systemd1.Manager")

    public enum Outcome: Equatable, Sendable {
        /// The timer is as the alerts need it (it was already, or now is).
        case done
        /// No systemd user manager on this bus (another init, a container, a test's bus): the
        /// alerts are checked while Cambio runs only.
        case noSystemd
        case failed(Wording)
    }

    /// Has the timer follow the alerts: on while any is armed, off when none is.
    @discardableResult
    public static func follow(_ alerts: [RateAlert]) -> Outcome {
        let armed = alerts.contains(where: \.isArmed)
        // A user manager runs from the session's start and owns its name: none there is none to
        // ask (the bus is never asked to start one).
        guard SessionBus.hasOwner(manager.name) else { return .noSystemd }
        let state: String
        switch call("GetUnitFileState", [.string(unit)]) {
        case .success(let reply):
            guard case .string(let s)? = reply.items.first else { return .failed(Wording("systemd answered something else")) }
            state = s
        case .failure(let error):
            return .failed(Wording("systemd could not say whether %@ is enabled: %@", .verbatim(unit), .verbatim(error.message)))
        }
        let enabled = state == "enabled"
        let steps: [(String, [DBusValue])]
        if armed {
            steps = (enabled ? [] : [("EnableUnitFiles", [.strings([unit]), .bool(false), .bool(false)]), ("Reload", [])])
                + [("StartUnit", [.string(unit), .string("replace")])]
        } else {
            guard enabled else { return .done }
            steps = [("StopUnit", [.string(unit), .string("replace")]),
                     ("DisableUnitFiles", [.strings([unit]), .bool(false)]), ("Reload", [])]
        }
        for (method, arguments) in steps {
            if case .failure(let error) = call(method, arguments) {
                return .failed(Wording("systemd could not %@ %@: %@", .verbatim(method), .verbatim(unit), .verbatim(error.message)))
            }
        }
        return .done
    }

    private static func call(_ method: String, _ arguments: [DBusValue]) -> Result<DBusValue, DBusError> {
        SessionBus.call(manager.name, manager.path, manager.interface, method, arguments)
    }
}
