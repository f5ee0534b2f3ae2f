import Foundation

extension AppState {
    /// What a first start shows: the locale's currency first.
    public static func firstRun(catalog: CurrencyCatalog, locale: LocaleEnvironment) -> AppState {
        AppState(currencies: CurrencyListState.firstRun(localeCurrency: locale.localeCurrencyCode, catalog: catalog),
                 converter: ConverterState.firstRun(home: locale.localeCurrencyCode, catalog: catalog))
    }

    /// A saved state as the app uses it: what the catalogue does not know goes (the first start's
    /// lists stand in for a list left empty), and so do user rates that cannot be used, named in
    /// `dropped`.
    public static func adopting(_ saved: AppState, catalog: CurrencyCatalog, locale: LocaleEnvironment) -> (state: AppState, dropped: [String]) {
        let first = firstRun(catalog: catalog, locale: locale)
        var state = saved
        state.currencies = saved.currencies.sanitized(catalog: catalog, fallback: first.currencies)
        // A Converter never used starts from the reference currency chosen (Preferences).
        let unused = ConverterState.firstRun(home: state.currencies.referenceCode, catalog: catalog)
        state.converter = saved.hasSavedConverter ? saved.converter.sanitized(catalog: catalog, fallback: unused) : unused
        let (userRates, dropped) = saved.userRates.sanitized(catalog: catalog)
        state.userRates = userRates
        return (state, dropped)
    }
}
