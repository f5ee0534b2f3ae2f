import CambioNet
import CambioStore

// The services the engine hands out, named here so that screens import the engine alone, never
// the network or the store.

/// Stock prices: the bundled sample, Alpha Vantage, the cache.
public typealias StockService = CambioNet.StockService
/// The rate history on disk.
public typealias HistoryStore = CambioStore.HistoryStore
/// The app's version (the About window, the user agent).
public typealias AppVersion = CambioNet.CambioVersion
