import CambioCore
import CGtk
import Foundation

/// A D-Bus value as the services here exchange them; built into and read from GVariants in this
/// file only.
public indirect enum DBusValue: Sendable {
    case string(String)
    case uint32(UInt32)
    case bool(Bool)
    /// `as`.
    case strings([String])
    case tuple([DBusValue])
    /// An array of values of one type (`elementType`, a GVariant type string such as "a{sv}"),
    /// so that an empty one still has its type.
    case array([DBusValue], elementType: String)
    /// `a{sv}`: each value boxed in a variant.
    case dictionary([(String, DBusValue)])
    /// A themed icon by name, serialized as a GIcon (`g_icon_serialize`).
    case themedIcon(String)
    /// `v`.
    case variant(DBusValue)
    /// A value this file does not read (its type string).
    case other(String)

    public var strings: [String]? { if case .strings(let s) = self { return s }; return nil }
    /// The children of a tuple (a method's parameters).
    public var items: [DBusValue] { if case .tuple(let t) = self { return t }; return [] }
}

/// A D-Bus error for a method call (its name, as org.freedesktop.DBus.Error.InvalidArgs, and words).
public struct DBusError: Error, Sendable {
    public let name: String
    public let message: String
    public init(name: String = "org.freedesktop.DBus.Error.InvalidArgs", _ message: String) {
        self.name = name; self.message = message
    }
}

/// A D-Bus service on the session bus: owns a well-known name and exports one object whose
/// interfaces are described by introspection XML; each method call goes to `handler`, which
/// answers with a tuple of values (or an error). Runs on the GLib main loop of the main thread.
@MainActor public final class DBusService {
    public typealias Handler = @MainActor (_ method: String, _ parameters: DBusValue) -> Result<DBusValue, DBusError>

    final class Box: @unchecked Sendable {
        let handler: Handler
        var onAcquired: (@MainActor () -> Void)?
        var onLost: (@MainActor () -> Void)?
        let objectPath: String
        let info: UnsafeMutablePointer<GDBusNodeInfo>
        init(handler: @escaping Handler, objectPath: String, info: UnsafeMutablePointer<GDBusNodeInfo>) {
            self.handler = handler; self.objectPath = objectPath; self.info = info
        }
        deinit { g_dbus_node_info_unref(info) }
    }

    private let box: Box
    private var owner: guint = 0

    /// `xml`: a `<node>` with the interfaces to export. Fails when the XML does not parse.
    public init(objectPath: String, introspectionXML xml: String, handler: @escaping Handler) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_dbus_node_info_new_for_xml(xml, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid introspection XML"
            g_error_free(error)
            throw DBusError(name: "org.freedesktop.DBus.Error.Failed", message)
        }
        box = Box(handler: handler, objectPath: objectPath, info: info)
    }

    /// Owns `name` on the session bus and exports the object; `onAcquired` once the name is ours,
    /// `onLost` when it cannot be had (another process has it, or there is no bus).
    public func own(name: String, onAcquired: @escaping @MainActor () -> Void, onLost: @escaping @MainActor () -> Void) {
        box.onAcquired = onAcquired
        box.onLost = onLost
        let data = Unmanaged.passRetained(box).toOpaque()
        owner = g_bus_own_name(G_BUS_TYPE_SESSION, name, G_BUS_NAME_OWNER_FLAGS_NONE, { connection, _, data in
            // The bus is connected: export the object before the name is announced.
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            DBusService.register(box, on: connection!)
        }, { _, _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.onAcquired?() }
        }, { _, _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.onLost?() }
        }, data, { data in Unmanaged<Box>.fromOpaque(data!).release() })
    }

    /// Gives the name back.
    public func unown() {
        if owner != 0 { g_bus_unown_name(owner); owner = 0 }
    }

    private nonisolated static func register(_ box: Box, on connection: OpaquePointer) {
        var i = 0
        while let interface = box.info.pointee.interfaces?[i] {
            i += 1
            var vtable = GDBusInterfaceVTable()
            vtable.method_call = { _, _, _, _, method, parameters, invocation, data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                let name = String(cString: method!)
                let arguments = parameters.map { DBusService.read($0) } ?? .tuple([])
                let answer = MainActor.assumeIsolated { box.handler(name, arguments) }
                switch answer {
                case .success(let value):
                    g_dbus_method_invocation_return_value(invocation, DBusService.make(value))
                case .failure(let error):
                    g_dbus_method_invocation_return_dbus_error(invocation, error.name, error.message)
                }
            }
            // The object keeps the box alive for as long as it is registered (the process's life).
            let data = Unmanaged.passRetained(box).toOpaque()
            var error: UnsafeMutablePointer<GError>?
            let id = g_dbus_connection_register_object(connection, box.objectPath, interface, &vtable, data,
                                                       { data in Unmanaged<Box>.fromOpaque(data!).release() }, &error)
            if id == 0 {
                let message = error.map { String(cString: $0.pointee.message) } ?? "?"
                g_error_free(error)
                StandardError.write("cambio: cannot export \(box.objectPath): \(message)\n")
            }
        }
    }

    // MARK: GVariant

    /// A new floating GVariant for `value`.
    nonisolated static func make(_ value: DBusValue) -> OpaquePointer {
        switch value {
        case .string(let s): return g_variant_new_string(s)
        case .uint32(let u): return g_variant_new_uint32(u)
        case .bool(let b): return g_variant_new_boolean(b ? 1 : 0)
        case .strings(let list):
            return withCStringArray(list) { g_variant_new_strv($0, gssize(list.count)) }
        case .tuple(let children):
            var made: [OpaquePointer?] = children.map { make($0) }
            return made.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize(children.count)) }
        case .array(let children, let elementType):
            return build("a" + elementType) { builder in
                for c in children { g_variant_builder_add_value(builder, make(c)) }
            }
        case .dictionary(let entries):
            return build("a{sv}") { builder in
                for (key, v) in entries {
                    g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(make(v))))
                }
            }
        case .themedIcon(let name):
            // What g_icon_serialize writes for a GThemedIcon, and g_icon_deserialize reads.
            return make(.tuple([.string("themed"), .variant(.strings([name, name + "-symbolic"]))]))
        case .variant(let inner):
            return g_variant_new_variant(make(inner))
        case .other:
            return g_variant_new_tuple(nil, 0)
        }
    }

    private nonisolated static func build(_ type: String, _ fill: (UnsafeMutablePointer<GVariantBuilder>) -> Void) -> OpaquePointer {
        let t = g_variant_type_new(type)!
        defer { g_variant_type_free(t) }
        let builder = g_variant_builder_new(t)!
        defer { g_variant_builder_unref(builder) }
        fill(builder)
        return g_variant_builder_end(builder)
    }

    /// The value of a GVariant (borrowed).
    nonisolated static func read(_ v: OpaquePointer) -> DBusValue {
        let type = String(cString: g_variant_get_type_string(v))
        switch type {
        case "s", "o", "g": return .string(String(cString: g_variant_get_string(v, nil)))
        case "u": return .uint32(g_variant_get_uint32(v))
        case "b": return .bool(g_variant_get_boolean(v) != 0)
        case "as":
            var out: [String] = []
            for i in 0..<g_variant_n_children(v) {
                let child = g_variant_get_child_value(v, i)!
                out.append(String(cString: g_variant_get_string(child, nil)))
                g_variant_unref(child)
            }
            return .strings(out)
        default:
            guard type.hasPrefix("(") else { return .other(type) }
            var out: [DBusValue] = []
            for i in 0..<g_variant_n_children(v) {
                let child = g_variant_get_child_value(v, i)!
                out.append(read(child))
                g_variant_unref(child)
            }
            return .tuple(out)
        }
    }
}

/// The GLib main loop of a process that has no window (a D-Bus service).
@MainActor public final class MainLoop {
    private let loop: OpaquePointer
    public init() { loop = g_main_loop_new(nil, 0) }
    isolated deinit { g_main_loop_unref(loop) }
    /// Runs until `quit`.
    public func run() { g_main_loop_run(loop) }
    public func quit() { g_main_loop_quit(loop) }
}

/// Starts another program without waiting for it (GLib reaps it).
public enum Spawn {
    /// Starts `argv` (its first item an absolute path) in this process's environment; nil when it
    /// started, else why not.
    public static func detached(_ argv: [String]) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let ok = withCStringArray(argv) { array in
            g_spawn_async(nil, UnsafeMutablePointer(mutating: UnsafeMutableRawPointer(array).assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self)),
                          nil, G_SPAWN_DEFAULT, nil, nil, nil, &error)
        }
        if ok != 0 { return nil }
        let message = error.map { String(cString: $0.pointee.message) } ?? "?"
        g_error_free(error)
        return message
    }
}

/// The session bus, asked directly (the services above own names on it).
public enum SessionBus {
    /// The connection, kept once made: GIO holds the session bus only weakly, and the
    /// application registers on this same connection moments later (one handshake, not two).
    nonisolated(unsafe) private static var bus: OpaquePointer?

    /// Calls `method` of `interface` at `path` of `destination` on the session bus and waits
    /// for its answer (at most `timeout` seconds); the reply's values, or the error in words.
    public static func call(_ destination: String, _ path: String, _ interface: String, _ method: String,
                            _ arguments: [DBusValue], timeout: Int32 = 10) -> Result<DBusValue, DBusError> {
        if bus == nil { bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) }
        guard let bus else { return .failure(DBusError(name: "org.freedesktop.DBus.Error.NoServer", "no session bus")) }
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_sync(bus, destination, path, interface, method, DBusService.make(.tuple(arguments)),
                                                      nil, G_DBUS_CALL_FLAGS_NONE, timeout * 1000, nil, &error) else {
            let remote = error.flatMap { g_dbus_error_get_remote_error($0) }
            let name = remote.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
            g_free(remote)
            if let error { g_dbus_error_strip_remote_error(error) }
            let message = error.map { String(cString: $0.pointee.message) } ?? "no answer"
            if error != nil { g_error_free(error) }
            return .failure(DBusError(name: name, message))
        }
        defer { g_variant_unref(reply) }
        return .success(DBusService.read(reply))
    }

    /// Whether `name` has an owner on the session bus now; false when there is no bus to ask.
    public static func hasOwner(_ name: String) -> Bool {
        if bus == nil { bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) }
        guard let bus,
              let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                      "NameHasOwner", DBusService.make(.tuple([.string(name)])), nil,
                                                      G_DBUS_CALL_FLAGS_NONE, 1000, nil, nil)
        else { return false }
        defer { g_variant_unref(reply) }
        if case .bool(let owned)? = DBusService.read(reply).items.first { return owned }
        return false
    }
}
