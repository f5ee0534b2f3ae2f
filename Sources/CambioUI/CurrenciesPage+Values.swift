import CambioCore
import CambioGLib
import Foundation

extension CurrenciesPage {
    // MARK: Amounts

    func typed(into code: String) {
        guard !updating, let row = rows[code] else { return }
        undoKeyRestores = false
        let text = row.entry.text
        row.fitAmount(text)
        model.type(text, into: code)
        recalculate()
    }

    /// Derives every row from the anchor's typed text. On bad input the anchor row shows why and
    /// the others keep their last good values.
    func recalculate() {
        guard let table = ctx.rates else { return }
        updating = true
        defer { updating = false }
        rows[model.list.anchorCode]?.setAmount(model.list.anchorText)
        // The typed amount is what is paid: the fee is on the conversions.
        rows[model.list.anchorCode]?.setFee("")
        let update = model.recalculate(table: table)
        // The fee changed while the typed text is refused: the rows keep their figures, with
        // the fee as it is now.
        if update.amounts == nil, let fees = update.feeAmounts {
            for (code, row) in rows where code != model.list.anchorCode {
                let fee = fees[code] ?? ""
                if pending[code] != nil { pending[code]?.fee = fee } else { row.setFee(feeText(code, fee)) }
            }
        }
        if !update.relabeled.isEmpty {
            let words = L10n.translations
            for code in update.relabeled { rows[code]?.show(model.rateLine(code, table: table), words) }
        }
        // The rows' note on figures held while a text is refused: nothing to do per keystroke
        // while there is none, and none was shown.
        let held = model.heldNote.map(say)
        if held != nil || heldShown != nil {
            for (code, row) in rows { row.setHeld(code == model.list.anchorCode ? nil : held) }
            heldShown = held
        }
        guard let amounts = update.amounts else { return }
        // Rows in view now; the others right after this frame (a list of every currency
        // then still shows each keystroke within one frame).
        pending.removeAll(keepingCapacity: true)
        let visible = visibleRange()
        for (code, text) in amounts {
            guard let row = rows[code] else { continue }
            let fee = update.feeAmounts?[code] ?? ""
            if isVisible(row, visible) {
                row.setAmount(text)
                row.setFee(feeText(code, fee))
            } else {
                pending[code] = (text, fee)
            }
        }
        if !pending.isEmpty && pendingWrite?.isPending != true && !probeGone {
            pendingWrite = TimerHandle.idle { [weak self] in self?.flushPending() }
        }
    }

    /// Writes the texts of rows out of view (idle after a keystroke, or when the list scrolls).
    func flushPending() {
        guard !pending.isEmpty else { return }
        updating = true
        defer { updating = false }
        for (code, texts) in pending {
            rows[code]?.setAmount(texts.amount)
            rows[code]?.setFee(feeText(code, texts.fee))
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// A row's fee line from its amount with the fee ("" for none).
    private func feeText(_ code: String, _ amount: String) -> String {
        amount.isEmpty ? "" : model.feeText(code, amount: amount, words: L10n.translations)
    }

    /// The part of the list in view, in the list's coordinates; nil before the first layout.
    private func visibleRange() -> ClosedRange<Double>? {
        let top = scroller.verticalOffset
        let height = scroller.pageHeight
        return height > 0 ? (top - 200)...(top + height + 200) : nil
    }

    /// Not laid out yet (`range` nil), every row counts as in view: its allocation is not asked
    /// for (asking would style the row now, before it is in the window, and again once it is).
    private func isVisible(_ row: CurrencyRow, _ range: ClosedRange<Double>?) -> Bool {
        guard let range, let span = row.root.verticalSpan else { return true }
        return range.overlaps(span)
    }

    // MARK: Rates

    /// The source line and every row's rate against the reference currency.
    func refreshRates() {
        guard let table = ctx.rates else {
            UI.setText(sourceLabel, tr("No rates available"))
            return
        }
        UI.setText(sourceLabel, ctx.ratesDescription())
        let words = L10n.translations
        for (code, row) in rows {
            row.setHasRate(model.hasRate(code, table: table))
            row.show(model.rateLine(code, table: table), words)
        }
    }
}
