import CambioCore

extension MainWindow {
    /// `cambio --convert "100 USD EUR"` (the overview search's "more results"): the Converter
    /// with that amount, written in the user's locale, and that pair.
    public func openConverter(_ request: ConvertArgument) {
        openConverter(amountText: context.formatter.exact(request.amount), pair: request.pair)
    }

    /// The Converter on `amountText` (as the user would type it) and `pair` (the Calculator's
    /// Convert key too).
    func openConverter(amountText: String, pair: FavouritePair?) {
        converter.useAmount(amountText, pair: pair)
        showPage(.converter)
    }
}
