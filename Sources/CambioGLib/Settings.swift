import CGtk

/// A GSettings object of one schema: typed reads and writes, change notices, and bindings of a
/// key to a widget property. It owns its pointer; nothing outside the glue sees it.
@MainActor public final class SettingsRef {
    let settings: OpaquePointer
    public let schemaID: String

    /// Where GLib looks a schema up: the default source (`XDG_DATA_DIRS`, `GSETTINGS_SCHEMA_DIR`).
    public enum Backend { case `default`, memory }

    /// The settings of `schemaID`, or nil when that schema is not installed (`g_settings_new`
    /// would abort the process instead).
    public static func open(schemaID: String, backend: Backend = .default) -> SettingsRef? {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        return open(schema, schemaID: schemaID, backend: backend)
    }

    /// The keys of `keys` the installed schema `schemaID` lacks (an older schema than the
    /// program: GLib aborts on reading a key it does not have); nil when it is not installed.
    public static func missingKeys(schemaID: String, keys: [String]) -> [String]? {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        return keys.filter { g_settings_schema_has_key(schema, $0) == 0 }
    }

    private static func open(_ schema: OpaquePointer, schemaID: String, backend: Backend) -> SettingsRef? {
        let settings: OpaquePointer?
        switch backend {
        case .default:
            settings = OpaquePointer(g_settings_new_full(schema, nil, nil))
        case .memory:
            let memory = g_memory_settings_backend_new()
            settings = OpaquePointer(g_settings_new_full(schema, memory, nil))
            g_object_unref(memory)
        }
        guard let settings else { return nil }
        return SettingsRef(settings, schemaID: schemaID)
    }

    private init(_ settings: OpaquePointer, schemaID: String) {
        self.settings = settings
        self.schemaID = schemaID
    }

    isolated deinit { g_object_unref(gpointerOf(settings)) }

    private var raw: UnsafeMutablePointer<GSettings> { cast(settings) }

    public func string(_ key: String) -> String {
        guard let p = g_settings_get_string(raw, key) else { return "" }
        defer { g_free(p) }
        return String(cString: p)
    }

    /// False when the value is refused (not one of an enum's nicks).
    @discardableResult
    public func setString(_ key: String, _ value: String) -> Bool { g_settings_set_string(raw, key, value) != 0 }

    public func bool(_ key: String) -> Bool { g_settings_get_boolean(raw, key) != 0 }
    @discardableResult
    public func setBool(_ key: String, _ value: Bool) -> Bool { g_settings_set_boolean(raw, key, value ? 1 : 0) != 0 }

    public func int(_ key: String) -> Int { Int(g_settings_get_int(raw, key)) }
    /// False when out of the key's range.
    @discardableResult
    public func setInt(_ key: String, _ value: Int) -> Bool { g_settings_set_int(raw, key, gint(value)) != 0 }

    /// Writes what is pending to the backend now (before a short-lived process exits).
    public func sync() { g_settings_sync() }

    /// Calls `body` with the key's name after any key changed (by this process, another one,
    /// or a binding). The handle disconnects.
    @discardableResult
    public func onChange(_ body: @escaping @MainActor (String) -> Void) -> SignalHandle {
        let id = Signal.connect(gpointerOf(settings), "changed", withArgument: { key in
            guard let key else { return }
            body(String(cString: key.assumingMemoryBound(to: CChar.self)))
        })
        return SignalHandle(owner: self, object: gpointerOf(settings), id: id)
    }

    /// Keeps a widget's property and a key the same, both ways (a switch's "active" and a
    /// boolean key).
    @MainActor public func bind(_ key: String, to widget: some Widget, property: String) {
        g_settings_bind(raw, key, gpointerOf(widget.widget), property, G_SETTINGS_BIND_DEFAULT)
    }

    /// Keeps a drop-down's "selected" (an index) and a string or enum key the same: item `i`
    /// stands for `values[i]`.
    @MainActor public func bind(_ key: String, toSelectedOf widget: some Widget, values: [String]) {
        bindIndex(key, gpointerOf(widget.widget), Choices(values.map { g_variant_new_string($0) }))
    }

    /// The same for an integer key.
    @MainActor public func bind(_ key: String, toSelectedOf widget: some Widget, values: [Int]) {
        bindIndex(key, gpointerOf(widget.widget), Choices(values.map { g_variant_new_int32(gint32($0)) }))
    }

    /// The values a drop-down's items stand for, as GVariants (owned here).
    final class Choices {
        let variants: [OpaquePointer]
        init(_ variants: [OpaquePointer?]) { self.variants = variants.map { g_variant_ref_sink($0)! } }
        deinit { variants.forEach { g_variant_unref($0) } }
    }

    private func bindIndex(_ key: String, _ object: gpointer, _ choices: Choices) {
        let get: GSettingsBindGetMapping = { value, variant, data in
            let choices = Unmanaged<Choices>.fromOpaque(data!).takeUnretainedValue()
            guard let i = choices.variants.firstIndex(where: { g_variant_equal(gconstpointer($0), gconstpointer(variant)) != 0 }) else { return 0 }
            g_value_set_uint(value, guint(i))
            return 1
        }
        let set: GSettingsBindSetMapping = { value, _, data in
            let choices = Unmanaged<Choices>.fromOpaque(data!).takeUnretainedValue()
            let i = Int(g_value_get_uint(value))
            guard choices.variants.indices.contains(i) else { return nil }
            return g_variant_ref(choices.variants[i])
        }
        g_settings_bind_with_mapping(raw, key, object, "selected", G_SETTINGS_BIND_DEFAULT, get, set,
                                     Unmanaged.passRetained(choices).toOpaque(),
                                     { data in Unmanaged<Choices>.fromOpaque(data!).release() })
    }
}

/// A signal connection that can be disconnected (once; disconnecting twice is harmless). It keeps
/// the Swift owner of the object alive, so the object is there when it disconnects.
@MainActor public final class SignalHandle {
    private let owner: AnyObject?
    private let object: gpointer
    private let id: gulong
    private var connected = true

    public init(owner: AnyObject?, object: gpointer, id: gulong) {
        self.owner = owner; self.object = object; self.id = id
    }

    public func disconnect() {
        guard connected else { return }
        connected = false
        g_signal_handler_disconnect(object, id)
    }
}
