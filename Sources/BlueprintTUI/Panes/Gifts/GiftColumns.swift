import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The gift tables' columns (all gifts, and the thank-yous to write) and the money-owed
/// table's, and each row's cells. A thank-you still to write says so in words, not only in colour.
@MainActor
enum GiftColumns {
    static let gifts = [
        TableColumn("From", minWidth: 14, maxWidth: 32, flex: 2, priority: 10),
        TableColumn("What", minWidth: 12, maxWidth: 28, flex: 2, priority: 9),
        TableColumn("Kind", minWidth: 10, priority: 5),
        TableColumn("Value", minWidth: 11, alignment: .right, priority: 6),
        TableColumn("Received", minWidth: 10, priority: 7),
        TableColumn("Thank-you", minWidth: 28, priority: 8),
    ]

    static let owed = [
        TableColumn("Person", minWidth: 14, maxWidth: 36, flex: 3, priority: 10),
        TableColumn("Owed", minWidth: 13, priority: 9),
        TableColumn("Amount", minWidth: 11, alignment: .right, priority: 7),
        TableColumn("Settled", minWidth: 11, alignment: .right, priority: 5),
        TableColumn("Outstanding", minWidth: 11, alignment: .right, priority: 8),
        TableColumn("Due", minWidth: 10, priority: 6),
    ]

    /// A gift's value, never cut (`TableColumn.fitting`).
    static let giftAmounts = [3]

    /// The amount, what is settled and what is outstanding.
    static let owedAmounts = [2, 3, 4]

    static func giftCell(_ gift: Gift, column: Int, currency: Currency, guestName: (UUID) -> String?) -> TableCell {
        switch column {
        case 0: return TableCell(DisplayText(GiftText.from(gift, guestName: guestName)))
        case 1: return TableCell(DisplayText(gift.description))
        case 2: return TableCell(DisplayText(GiftText.kind(gift.giftKind)), style: .muted)
        case 3: return TableCell(DisplayText(gift.value.map { Formats.money($0, currency) } ?? ""))
        case 4: return TableCell(DisplayText(Formats.date(gift.receivedOn)), style: .muted)
        default: return TableCell(DisplayText(GiftText.thankYou(gift)), style: gift.thankYouSent ? .success : .warning)
        }
    }

    static func owedCell(_ entry: MoneyOwed, column: Int, currency: Currency) -> TableCell {
        switch column {
        case 0: return TableCell(DisplayText(entry.person))
        case 1: return TableCell(DisplayText(GiftText.direction(entry.direction)), style: .muted)
        case 2: return TableCell(DisplayText(Formats.money(entry.amount, currency)))
        case 3: return TableCell(DisplayText(Formats.money(entry.settled, currency)), style: .muted)
        case 4:
            let outstanding = entry.outstanding
            return TableCell(DisplayText(outstanding == .zero ? "settled" : Formats.money(outstanding, currency)),
                             style: outstanding == .zero ? .success : .normal)
        default: return TableCell(DisplayText(Formats.date(entry.dueOn)), style: .muted)
        }
    }
}
