import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The gifts: every gift (from, what, kind, value, received, thank-you), or with `v` the
/// thank-yous still to write (the oldest gift first), or the money owed to and by the couple
/// (person, which way, amount, settled, outstanding, due). `a`, `e` and `d` add, edit and delete
/// in the view shown, `t` marks a gift's thank-you sent (asking how) or not sent, `i` records an
/// amount received or paid, Enter shows the details.
@MainActor
final class GiftsPane: Pane {
    private enum View: CaseIterable {
        case gifts, thankYous, owed
    }

    let gifts: GiftStore
    private let guests: GuestStore
    private let wedding: WeddingStore
    private let giftRows: RecordListController<ListedRows<Gift>>
    private let thankYouRows: RecordListController<ListedRows<Gift>>
    private let owedRows: RecordListController<ListedRows<MoneyOwed>>
    private var view = View.gifts

    init(gifts: GiftStore, guests: GuestStore, wedding: WeddingStore) {
        self.gifts = gifts
        self.guests = guests
        self.wedding = wedding
        giftRows = RecordListController(columns: GiftColumns.gifts) { gifts.gifts }
        thankYouRows = RecordListController(columns: GiftColumns.gifts) { gifts.thankYousToWrite }
        owedRows = RecordListController(columns: GiftColumns.owed) { gifts.moneyOwed }
        for rows in [giftRows, thankYouRows] {
            rows.onAdd { [unowned self] in openGiftForm(nil, host: $0) }
            rows.on(.edit) { [unowned self] in openGiftForm($0, host: $1) }
            rows.on(.delete) { [unowned self] in confirmDelete($0, host: $1) }
            rows.on(.activate) { [unowned self] in showDetail($0, host: $1) }
        }
        owedRows.onAdd { [unowned self] in openOwedForm(nil, host: $0) }
        owedRows.on(.edit) { [unowned self] in openOwedForm($0, host: $1) }
        owedRows.on(.delete) { [unowned self] in confirmDelete($0, host: $1) }
        owedRows.on(.activate) { [unowned self] in showDetail($0, host: $1) }
    }

    var store: DomainStore? { gifts }
    var keyMode: KeyMode { .gifts }
    var modeName: String {
        switch view {
        case .gifts: "GIFTS"
        case .thankYous: "THANK-YOUS"
        case .owed: "MONEY OWED"
        }
    }
    var searchTarget: (any SearchTarget)? { nil }

    private var currency: Currency { wedding.wedding?.currency ?? .usd }

    var statusContext: String {
        let summary = gifts.summary
        switch view {
        case .gifts, .thankYous:
            return CountPhrase.of(summary.gifts, "gift") + " · " + CountPhrase.of(summary.thankYousToWrite, "thank-you") + " to write"
        case .owed:
            let entries = gifts.moneyOwed.count
            return CountPhrase.of(entries, "entry") + " · \(Formats.money(summary.owedToCouple, currency)) to come, "
                + Formats.money(summary.owedByCouple, currency) + " to pay"
        }
    }

    private func guestName(_ id: UUID) -> String? { guests.guest(id)?.fullName }

    /// The gifts of the view shown: all of them, or the thank-yous to write.
    private var shownGifts: RecordListController<ListedRows<Gift>> { view == .thankYous ? thankYouRows : giftRows }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        guard !LoadNotice.render(gifts, noun: "gifts", into: canvas, rect: rect) else { return }
        // Flowed, not cut: on a narrow terminal the money figure and the key go on a second line.
        let viewRows = viewLine(keymap).flowed(toWidth: rect.columns)
            .render(into: canvas, row: rect.row, column: rect.column, width: rect.columns, maxRows: 2)
        let body = CanvasRect(row: rect.row + viewRows, column: rect.column, rows: rect.rows - viewRows, columns: rect.columns)
        switch view {
        case .gifts, .thankYous: renderGifts(into: canvas, rect: body, keymap: keymap)
        case .owed: renderOwed(into: canvas, rect: body, keymap: keymap)
        }
    }

    /// `▶ Gifts (4)   Thank-yous to write (3)   Money owed (2)  money gifts $225.00  v switches`.
    private func viewLine(_ keymap: Keymap) -> SegmentLine {
        var line = SegmentLine()
        for (shown, title, count) in [(View.gifts, "Gifts", gifts.gifts.count),
                                      (.thankYous, "Thank-yous to write", gifts.thankYousToWrite.count),
                                      (.owed, "Money owed", gifts.moneyOwed.count)] {
            line.startGroup(separator: " ")
            line.add((view == shown ? "▶ " : "  ") + "\(title) (\(count))", view == shown ? .accent : .muted)
        }
        let money = gifts.summary.moneyGifts
        if money != .zero { line.add(figure: Formats.money(money, currency), label: "money gifts", .normal) }
        if let hint = keymap.hint(.switchView, in: keyMode, "switches") {
            line.startGroup()
            line.add(hint, .muted)
        }
        return line
    }

    private func renderGifts(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        let rows = shownGifts.shown, list = shownGifts.list, currency = self.currency
        list.sync(rows)
        let empty = view == .thankYous && !gifts.gifts.isEmpty
            ? DisplayText("No thank-yous to write: every gift has its thank-you.")
            : EmptyListText.noRecords("gifts", keymap: keymap, mode: keyMode)
        let cell = { (row: Int, column: Int) in
            GiftColumns.giftCell(rows[row], column: column, currency: currency, guestName: { self.guestName($0) })
        }
        list.model.columns = GiftColumns.gifts.fitting(GiftColumns.giftAmounts, rows: rows.indices, cell: cell)
        TableView.render(list.model, into: canvas, rect: rect, empty: empty, cell: cell)
    }

    private func renderOwed(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        let rows = gifts.moneyOwed, list = owedRows.list, currency = self.currency
        list.sync(rows)
        let cell = { (row: Int, column: Int) in GiftColumns.owedCell(rows[row], column: column, currency: currency) }
        list.model.columns = GiftColumns.owed.fitting(GiftColumns.owedAmounts, rows: rows.indices, cell: cell)
        TableView.render(list.model, into: canvas, rect: rect,
                         empty: EmptyListText.noRecords("money owed", keymap: keymap, mode: keyMode), cell: cell)
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool {
        switch view {
        case .gifts, .thankYous: shownGifts.handle(mouse)
        case .owed: owedRows.handle(mouse)
        }
    }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        if action == .switchView {
            let views = View.allCases
            view = views[(views.firstIndex(of: view)! + 1) % views.count]
            return true
        }
        return (view == .owed ? owedRows.handle(action, host: host) : shownGifts.handle(action, host: host))
            || Self.keyCommands.perform(action, in: keyMode, on: self, host: host)
    }

    /// Shows the thank-yous to write, or one gift among every gift.
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool {
        if case .gift(let id) = destination {
            guard gifts.gift(id) != nil else { return false }
            view = .gifts
            giftRows.select(id: id)
            return true
        }
        guard destination == .thankYous else { return false }
        view = .thankYous
        return true
    }

    var noteSubject: RecordSubject? {
        switch view {
        case .gifts, .thankYous: shownGifts.selected.map { .record($0) }
        case .owed: owedRows.selected.map { .record($0) }
        }
    }

    /// Asks how the thank-you went out and marks it sent today; a gift already thanked is
    /// marked not sent again.
    private func markThanked(_ gift: Gift, host: any PlannerHost) {
        let gifts = self.gifts, name = GiftForms.name(gift)
        guard !gift.thankYouSent else {
            host.run({ await gifts.markThankYouNotSent(gift.id) }, undoable: "\(name): thank-you not sent", store: gifts)
            return
        }
        host.present(FormOverlay(GiftForms.thankYouForm(gift), store: gifts) { form in
            let method = GiftForms.thankYouMethod(from: form)
            return .save(success: "\(name): thank-you sent by \(GiftText.method(method))") {
                await gifts.markThankYouSent(gift.id, method: method)
            }
        })
    }

    // MARK: Details

    private func showDetail(_ gift: Gift, host: any PlannerHost) {
        let gifts = self.gifts
        host.present(DetailOverlay.record(
            { GiftForms.name($0) }, lines: { self.detailLines($0) }, host: host,
            subject: PresenceSubject(gift, label: GiftForms.name(gift)),
            current: { gifts.gift(gift.id) },
            edit: { [weak self] in self?.openGiftForm($0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) }))
    }

    /// The lines of `gift`'s details, as the gift is now.
    private func detailLines(_ gift: Gift) -> [DetailOverlay.Line] {
        let currency = self.currency
        return [
            .init(label: "From", value: GiftText.from(gift, guestName: { self.guestName($0) })),
            .init(label: "What", value: gift.description),
            .init(label: "Kind", value: GiftText.kind(gift.giftKind)),
            .init(label: "Value", value: gift.value.map { Formats.money($0, currency) } ?? "not known"),
            .init(label: "Received", value: gift.receivedOn?.description ?? "not recorded"),
            .init(label: "Thank-you", value: GiftText.thankYou(gift), style: gift.thankYouSent ? .success : .warning),
            .init(label: "Income", value: gift.giftKind == .money && gift.countsAsIncome ? "counts as income" : "no"),
            .init(label: "Notes", value: gift.notes),
        ]
    }

    private func showDetail(_ entry: MoneyOwed, host: any PlannerHost) {
        let gifts = self.gifts
        host.present(DetailOverlay.record(
            \.person, lines: { self.detailLines($0) }, host: host,
            subject: PresenceSubject(entry, label: entry.person),
            current: { gifts.owed(entry.id) },
            edit: { [weak self] in self?.openOwedForm($0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) },
            actions: [(.recordInstallment, entry.direction == .toCouple ? "received" : "paid",
                       { [weak self] in self?.openSettlementForm($0, host: $1) })]))
    }

    /// The lines of `entry`'s details, as the money owed is now.
    private func detailLines(_ entry: MoneyOwed) -> [DetailOverlay.Line] {
        let money = { Formats.money($0, self.currency) }
        return [
            .init(label: "Person", value: entry.person),
            .init(label: "Owed", value: GiftText.direction(entry.direction)),
            .init(label: "Amount", value: money(entry.amount)),
            .init(label: entry.direction == .toCouple ? "Received" : "Paid", value: money(entry.settled)),
            .init(label: "Outstanding", value: entry.outstanding == .zero ? "settled" : money(entry.outstanding),
                  style: entry.outstanding == .zero ? .success : .normal),
            .init(label: "Due", value: entry.dueOn?.description ?? ""),
            .init(label: "Income", value: entry.direction == .toCouple && entry.countsAsIncome ? "counts as income" : "no"),
            .init(label: "Notes", value: entry.notes),
        ]
    }

    // MARK: Deleting

    private func confirmDelete(_ gift: Gift, host: any PlannerHost) {
        let gifts = self.gifts
        host.confirmDelete("gift", named: GiftForms.name(gift), store: gifts) { await gifts.deleteGift(gift.id) }
    }

    private func confirmDelete(_ entry: MoneyOwed, host: any PlannerHost) {
        let gifts = self.gifts
        host.confirmDelete("money owed", named: entry.person, store: gifts) { await gifts.deleteOwed(entry.id) }
    }

    // MARK: Forms

    private func openGiftForm(_ gift: Gift?, host: any PlannerHost) {
        let gifts = self.gifts, choices = GiftForms.Choices(guests: guests.guests, wedding: wedding.wedding)
        let base = gift ?? Gift(receivedOn: gifts.today)
        let original = GiftForms.giftForm(gift, base: base, choices: choices)
        let following = gift.map { gift in
            FormFollowing.record(gift, host: host, current: { gifts.gift(gift.id) }) {
                GiftForms.giftForm($0, base: $0, choices: choices)
            }
        }
        host.present(FormOverlay(original, store: gifts, subject: gift.map { PresenceSubject($0, label: GiftForms.name($0)) },
                                 following: following) { [weak self] form in
            switch GiftForms.gift(from: form, base: base, original: original, choices: choices) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited):
                return .save(success: (gift == nil ? "Added " : "Saved ") + GiftForms.name(edited)) {
                    let outcome = gift == nil ? await gifts.createGift(edited) : await gifts.updateGift(edited)
                    if outcome.isSaved { self?.shownGifts.select(id: edited.id) }
                    return outcome
                }
            }
        })
    }

    private func openOwedForm(_ entry: MoneyOwed?, host: any PlannerHost) {
        let gifts = self.gifts, wedding = self.wedding.wedding
        let base = entry ?? MoneyOwed(person: "", amount: .zero)
        let currency = self.currency
        let following = entry.map { entry in
            FormFollowing.record(entry, host: host, current: { gifts.owed(entry.id) }) { GiftForms.owedForm($0, currency: currency) }
        }
        host.present(FormOverlay(GiftForms.owedForm(entry, currency: currency), store: gifts, following: following) { [weak self] form in
            switch GiftForms.owed(from: form, base: base, wedding: wedding) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited):
                return .save(success: (entry == nil ? "Added " : "Saved ") + edited.person) {
                    let outcome = entry == nil ? await gifts.createOwed(edited) : await gifts.updateOwed(edited)
                    if outcome.isSaved { self?.owedRows.select(id: edited.id) }
                    return outcome
                }
            }
        })
    }

    private func openSettlementForm(_ entry: MoneyOwed, host: any PlannerHost) {
        let gifts = self.gifts, currency = self.currency
        host.present(FormOverlay(GiftForms.settlementForm(entry, currency: currency), store: gifts) { form in
            switch GiftForms.settlement(from: form, currency: currency) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let amount):
                let verb = entry.direction == .toCouple ? "received from" : "paid to"
                return .save(success: "Recorded \(Formats.money(amount, currency)) \(verb) \(entry.person)") {
                    await gifts.recordSettlement(entry.id, amount: amount)
                }
            }
        })
    }
}

extension GiftsPane {
    /// The gifts' own keys: thank-yous on the gifts, amounts settled on the money owed.
    nonisolated static let keyCommands: [PlannerKeyCommand<GiftsPane>] = [
        HandledKeyCommand(.gifts, [.character("t")], .markThanked, "Mark the selected gift's thank-you sent (asks how), or not sent",
                          changesData: true) { pane, host in
            guard pane.view != .owed, let gift = pane.shownGifts.selected else { return false }
            pane.markThanked(gift, host: host)
            return true
        },
        HandledKeyCommand(.gifts, [.character("i")], .recordInstallment, "Record an amount received or paid on the selected money owed",
                          changesData: true) { pane, host in
            guard pane.view == .owed, let entry = pane.owedRows.selected else { return false }
            pane.openSettlementForm(entry, host: host)
            return true
        },
    ]
}
