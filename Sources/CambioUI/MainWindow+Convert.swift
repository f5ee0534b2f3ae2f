import CambioCore

extension MainWindow {
    /// `cambio --convert "100 USD EUR"` (the overview search's "more results"): the Converter
    /// with that amount, written in the user's locale, and that pair.
    public func openConverter(_ request: ConvertArgument) {
        converter.useAmount(context.formatter.exact(request.amount), pair: request.pair)
        showPage(1)
    }
}
