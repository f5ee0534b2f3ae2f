import CambioNet
import CambioStore

// The services the engine hands out, named here so that screens import the engine alone, never
// the network or the store.

/// The rate history on disk.
public typealias HistoryStore = CambioStore.HistoryStore
