import CGtk

/// A desktop notification (GNotification), sent under the application's id: the desktop shows
/// it under Cambio's name and icon, and clicking it, or one of its buttons, activates one of the
/// application's actions with a text argument ("app.show-history" with "USD>EUR").
public struct DesktopNotice: Sendable, Equatable {
    public struct Button: Sendable, Equatable {
        public let label: String
        public let action: String
        public let text: String
        public init(label: String, action: String, text: String) { self.label = label; self.action = action; self.text = text }
    }

    /// Sending another notice with the same id replaces the one shown.
    public let id: String
    public let title: String
    public let body: String
    /// The application action clicking the notification runs, and its text.
    public let action: String
    public let actionText: String
    public let buttons: [Button]

    public init(id: String, title: String, body: String, action: String, actionText: String, buttons: [Button] = []) {
        self.id = id; self.title = title; self.body = body; self.action = action; self.actionText = actionText; self.buttons = buttons
    }

    @MainActor func send(via application: UnsafeMutablePointer<GApplication>) {
        guard let n = g_notification_new(title) else { return }
        defer { g_object_unref(gpointerOf(n)) }
        g_notification_set_body(n, body)
        if let id = g_application_get_application_id(application), let icon = g_themed_icon_new(id) {
            g_notification_set_icon(n, icon)
            g_object_unref(gpointerOf(icon))
        }
        g_notification_set_default_action_and_target_value(n, "app." + action, g_variant_new_string(actionText))
        for b in buttons {
            g_notification_add_button_with_target_value(n, b.label, "app." + b.action, g_variant_new_string(b.text))
        }
        g_application_send_notification(application, id, n)
    }
}

extension Application {
    /// Sends `notice` as the running application.
    public func send(_ notice: DesktopNotice) { notice.send(via: cast(pointer)) }
}

/// Notifications from a process without a window (`cambio alert check` under the systemd
/// timer): a GApplication of its own under the same id, non-unique so that it runs beside a
/// window that is open. Its notifications are written to the session bus before it ends.
@MainActor public final class Notifier {
    private let application: UnsafeMutablePointer<GApplication>

    /// Nil without a session bus to send on.
    public init?(id: String) {
        application = g_application_new(id, G_APPLICATION_NON_UNIQUE)!
        var error: UnsafeMutablePointer<GError>?
        let registered = g_application_register(application, nil, &error) != 0
        if error != nil { g_error_free(error) }
        // (Failing here, the deinitialiser lets the application go.)
        guard registered, g_application_get_dbus_connection(application) != nil else { return nil }
    }

    isolated deinit { g_object_unref(gpointerOf(application)) }

    public func send(_ notice: DesktopNotice) { notice.send(via: application) }

    /// Waits until what was sent is written to the bus (the process may end right after).
    public func flush() {
        guard let bus = g_application_get_dbus_connection(application) else { return }
        var error: UnsafeMutablePointer<GError>?
        g_dbus_connection_flush_sync(bus, nil, &error)
        if error != nil { g_error_free(error) }
        // The notification backend calls the server asynchronously: its reply, and any call the
        // backend makes first, are dispatched here before the process ends.
        MainContext.drain()
    }
}
