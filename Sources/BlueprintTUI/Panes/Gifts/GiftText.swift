import BlueprintDomain
import BlueprintStores
import Foundation

/// How a gift and money owed read in words, the same in the gift tables, their details and a
/// guest's details.
enum GiftText {
    /// Who a gift is from: its guests' names (those still on the list), then its `from` text.
    static func from(_ gift: Gift, guestName: (UUID) -> String?) -> String {
        (gift.guestIDs.compactMap(guestName) + [gift.from]).filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// "sent 2026-03-12 by card", "sent 2026-03-12 in person", "sent", or "to write".
    static func thankYou(_ gift: Gift) -> String {
        guard gift.thankYouSent else { return "to write" }
        let how = gift.thankYouMethod.map { $0 == .inPerson ? method($0) : "by " + method($0) }
        return (["sent"] + [gift.thankYouSentOn?.description, how].compactMap { $0 }).joined(separator: " ")
    }

    /// A guest's gift in a line: "Stand mixer · thank-you sent 2026-03-12 by card" ("A gift · …"
    /// when it says not what).
    static func line(_ gift: Gift) -> String {
        (gift.description.isEmpty ? "A gift" : gift.description) + " · thank-you " + thankYou(gift)
    }

    static func method(_ method: ThankYouMethod) -> String {
        method == .inPerson ? "in person" : method.rawValue
    }

    static func kind(_ kind: GiftKind) -> String { Formats.label(kind.rawValue) }

    static func direction(_ direction: OwedDirection) -> String {
        direction == .toCouple ? "to the couple" : "by the couple"
    }
}
