import BlueprintDomain
import Foundation

/// Every field of a guest, for the detail view, the gifts they gave with their thank-yous, and
/// whether their household has answered online.
enum GuestDetail {
    static func lines(_ guest: Guest, gifts: [Gift], invitation: Invitation?, wedding: Wedding?, now: Timestamp,
                      timeZone: TimeZone) -> [DetailOverlay.Line] {
        let side = GuestForms.sideLabels(wedding)[InvitedBy.allCases.firstIndex(of: guest.invitedBy)!]
        let address = [guest.address.line1, guest.address.line2, guest.address.city, guest.address.region,
                       guest.address.postalCode, guest.address.country].filter { !$0.isEmpty }.joined(separator: ", ")
        let giftLines: [DetailOverlay.Line] = gifts.isEmpty ? [.init(label: "Gifts", value: "none recorded", style: .muted)]
            : gifts.enumerated().map { index, gift in
                .init(label: index == 0 ? "Gifts" : "", value: GiftText.line(gift), style: gift.thankYouSent ? .normal : .warning)
            }
        return [
            .init(label: "Name", value: guest.fullName),
            .init(label: "RSVP", value: Formats.label(guest.rsvp.rawValue), style: guest.rsvp.style),
        ] + online(invitation, now: now, timeZone: timeZone) + [
            .init(label: "Household", value: guest.household),
            .init(label: "Side", value: side),
            .init(label: "Relationship", value: guest.relationship),
            .init(label: "Plus-one", value: plusOneText(guest)),
            .init(label: "Meal", value: guest.mealChoice.isEmpty ? "not chosen" : guest.mealChoice),
            .init(label: "Dietary needs", value: guest.dietaryRestrictions),
            .init(label: "Accessibility", value: guest.accessibilityNeeds),
            .init(label: "Table", value: guest.table.map(String.init) ?? "not seated"),
            .init(label: "Seat", value: guest.seat.map(String.init) ?? ""),
            .init(label: "Wedding party", value: guest.weddingPartyRole),
            .init(label: "Email", value: guest.email),
            .init(label: "Phone", value: guest.phone),
            .init(label: "Address", value: address),
        ] + giftLines + [
            .init(label: "Notes", value: guest.notes),
        ]
    }

    /// "Answered online: today 14:09", or "Invited online: not answered yet"; nothing when the
    /// household has no invitation.
    private static func online(_ invitation: Invitation?, now: Timestamp, timeZone: TimeZone) -> [DetailOverlay.Line] {
        guard let invitation else { return [] }
        guard let answeredAt = invitation.answeredAt else {
            return [.init(label: "Invited online", value: "not answered yet", style: .muted)]
        }
        return [.init(label: "Answered online", value: Formats.moment(answeredAt, now: now, timeZone: timeZone))]
    }

    /// "Sam, coming; meal Fish; dietary needs: no nuts", "allowed, not coming" or "not allowed".
    private static func plusOneText(_ guest: Guest) -> String {
        guard guest.plusOneAllowed else { return "not allowed" }
        var text = (guest.plusOneName.isEmpty ? "allowed" : guest.plusOneName) + (guest.plusOneAttending ? ", coming" : ", not coming")
        if guest.plusOneAttending || !guest.plusOneMealChoice.isEmpty {
            text += "; meal " + (guest.plusOneMealChoice.isEmpty ? "not chosen" : guest.plusOneMealChoice)
        }
        if !guest.plusOneDietaryRestrictions.isEmpty { text += "; dietary needs: " + guest.plusOneDietaryRestrictions }
        return text
    }
}
