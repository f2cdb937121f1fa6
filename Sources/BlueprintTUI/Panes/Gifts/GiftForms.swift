import BlueprintDomain
import Foundation

/// The gift form, the money-owed form, and the small forms that mark a thank-you sent and
/// record an amount received or paid. Dates are typed `yyyy-mm-dd` and amounts in the wedding's
/// currency; each problem shows beside the field it is about.
enum GiftForms {
    /// What the gift form picks from: the guests by name, and the wedding (its currency, and the
    /// guests a gift may name, for validation).
    struct Choices {
        /// The guest list by name, for the pick-list.
        let pickList: GuestPickList
        let wedding: Wedding?

        var guests: [Guest] { pickList.guests }
        var currency: Currency { wedding?.currency ?? .usd }

        init(guests: some Collection<Guest>, wedding: Wedding?) {
            pickList = GuestPickList(guests)
            self.wedding = wedding
        }

        /// The guests of `guest`'s household, `guest` first; just `guest` without a household.
        func household(of guest: Guest) -> [UUID] {
            guard !guest.household.isEmpty else { return [guest.id] }
            return [guest.id] + guests.filter { $0.id != guest.id && $0.household == guest.household }.map(\.id)
        }
    }

    static let kinds = GiftKind.allCases
    static let methods = ThankYouMethod.allCases

    /// The form for `gift` (`nil`: a new one), filled from `base` (the gift itself, or a new one's defaults).
    static func giftForm(_ gift: Gift?, base: Gift, choices: Choices) -> Form {
        let first = choices.pickList.option(of: base.guestIDs.first)
        let withHousehold = base.guestIDs.count > 1
            && choices.pickList.guest(at: first).map { Set(choices.household(of: $0)) == Set(base.guestIDs) } ?? false
        return Form(title: gift.map { "Edit " + name($0) } ?? "New gift", fields: [
            .choice("guest", "From guest", choices.pickList.options, selected: first),
            .toggle("household", "With household", withHousehold),
            .text("from", "From (as written)", base.from, placeholder: "a name, if not (only) guests"),
            .text("description", "What", base.description),
            .choice("kind", "Kind", kinds.map(GiftText.kind), selected: kinds.firstIndex(of: base.giftKind)!),
            .text("value", "Value", base.value.map { choices.currency.plain($0) } ?? "", placeholder: "if money or known"),
            .text("receivedOn", "Received", Formats.date(base.receivedOn), placeholder: "yyyy-mm-dd"),
            .toggle("thankYouSent", "Thank-you sent", base.thankYouSent),
            .text("thankYouSentOn", "Thank-you sent on", Formats.date(base.thankYouSentOn), placeholder: "yyyy-mm-dd"),
            .choice("thankYouMethod", "Thank-you by", ["(not said)"] + methods.map(GiftText.method),
                    selected: base.thankYouMethod.flatMap { methods.firstIndex(of: $0) }.map { $0 + 1 } ?? 0),
            .toggle("countsAsIncome", "Counts as income", base.countsAsIncome),
            .text("notes", "Notes", base.notes),
        ])
    }

    /// What a gift is called in titles and messages: its description, else "the gift".
    static func name(_ gift: Gift) -> String { gift.description.isEmpty ? "the gift" : gift.description }

    /// The gift the form describes. Its guests are the one picked (with their household if
    /// asked); when neither was changed, the gift keeps the guests it had.
    static func gift(from form: Form, base: Gift, original: Form, choices: Choices) -> FormReading<Gift> {
        var reader = FieldReader(form)
        var gift = base
        let picked = form["guest"].selectedIndex, household = form.isOn("household")
        if picked != original["guest"].selectedIndex || household != original.isOn("household") {
            let guest = choices.pickList.guest(at: picked)
            gift.guestIDs = guest.map { household ? choices.household(of: $0) : [$0.id] } ?? []
        }
        gift.from = reader.text("from")
        gift.description = reader.text("description")
        gift.giftKind = kinds[form["kind"].selectedIndex]
        gift.value = reader.money("value", in: choices.currency)
        gift.receivedOn = reader.date("receivedOn")
        gift.thankYouSent = form.isOn("thankYouSent")
        gift.thankYouSentOn = reader.date("thankYouSentOn")
        let method = form["thankYouMethod"].selectedIndex
        gift.thankYouMethod = method == 0 ? nil : methods[method - 1]
        gift.countsAsIncome = form.isOn("countsAsIncome")
        gift.notes = form["notes"].text
        if let wedding = choices.wedding {
            reader.add(gift.validationIssues(in: WeddingDataset(wedding: wedding, guests: choices.guests)))
        }
        return FormReading(gift, issues: reader.issues)
    }

    static func thankYouForm(_ gift: Gift) -> Form {
        Form(title: "Thank-you sent for " + name(gift), fields: [
            .choice("method", "Sent by", methods.map(GiftText.method), selected: 0),
        ])
    }

    static func thankYouMethod(from form: Form) -> ThankYouMethod { methods[form["method"].selectedIndex] }

    static let directions = OwedDirection.allCases

    static func owedForm(_ entry: MoneyOwed?, currency: Currency) -> Form {
        Form(title: entry.map { "Edit \($0.person)" } ?? "New money owed", fields: [
            .text("person", "Person", entry?.person ?? "", placeholder: "who gives it or is owed it"),
            .choice("direction", "Owed", directions.map(GiftText.direction),
                    selected: directions.firstIndex(of: entry?.direction ?? .toCouple)!),
            .text("amount", "Amount", entry.map { currency.plain($0.amount) } ?? ""),
            .text("settled", "Settled so far", entry.map { currency.plain($0.settled) } ?? ""),
            .text("dueOn", "Due", Formats.date(entry?.dueOn), placeholder: "yyyy-mm-dd"),
            .toggle("countsAsIncome", "Counts as income", entry?.countsAsIncome ?? false),
            .text("notes", "Notes", entry?.notes ?? ""),
        ])
    }

    static func owed(from form: Form, base: MoneyOwed, wedding: Wedding?) -> FormReading<MoneyOwed> {
        var reader = FieldReader(form)
        let currency = wedding?.currency ?? .usd
        var entry = base
        entry.person = reader.text("person")
        entry.direction = directions[form["direction"].selectedIndex]
        entry.amount = reader.requiredMoney("amount", in: currency, "an amount")
        entry.settled = reader.money("settled", in: currency) ?? .zero
        entry.dueOn = reader.date("dueOn")
        entry.countsAsIncome = form.isOn("countsAsIncome")
        entry.notes = form["notes"].text
        if let wedding { reader.add(entry.validationIssues(in: WeddingDataset(wedding: wedding))) }
        return FormReading(entry, issues: reader.issues)
    }

    static func settlementForm(_ entry: MoneyOwed, currency: Currency) -> Form {
        Form(title: (entry.direction == .toCouple ? "Received from " : "Paid to ") + entry.person, fields: [
            .text("amount", entry.direction == .toCouple ? "Amount received" : "Amount paid", currency.plain(entry.outstanding)),
        ])
    }

    static func settlement(from form: Form, currency: Currency) -> FormReading<Money> {
        var reader = FieldReader(form)
        let amount = reader.requiredMoney("amount", in: currency, "an amount")
        return FormReading(amount, issues: reader.issues)
    }
}
