import BlueprintDomain

/// The words accepted for each closed choice a CSV cell can hold, and how export spells them.
enum CSVChoices {
    static let rsvp = Synonyms<RSVPStatus>([
        (.attending, ["attending", "yes", "y", "accepted", "accept", "confirmed", "coming", "going", "will attend"]),
        (.declined, ["declined", "no", "n", "regrets", "regret", "not attending", "not coming", "decline",
                     "cannot attend", "can't attend", "unable to attend"]),
        (.maybe, ["maybe", "tentative", "unsure", "possibly"]),
        (.pending, ["pending", "no response", "awaiting", "awaiting response", "no reply"]),
        // A blank RSVP means nothing has come back yet: the guest is invited.
        (.invited, ["invited", "", "invitation sent", "invite sent", "save-the-date sent", "save the date sent",
                    "reminded"]),
    ], accepted: ["attending", "declined", "maybe", "pending", "invited"])

    static let yesNo = Synonyms<Bool>([
        (true, ["yes", "y", "true", "t", "1", "x"]),
        (false, ["no", "n", "false", "f", "0", ""]),
    ], accepted: ["yes", "no"])

    static let vendorCategory = Synonyms<VendorCategory>(
        VendorCategory.allCases.map { category in
            (category, [category.rawValue, category.displayName] + (vendorCategoryWords[category] ?? []))
        },
        accepted: VendorCategory.allCases.map(\.displayName))

    private static let vendorCategoryWords: [VendorCategory: [String]] = [
        .venue: ["venues", "location", "ceremony venue", "reception venue"],
        .catering: ["caterer", "caterers", "food", "food and beverage", "bar"],
        .photography: ["photographer", "photographers", "photo", "photos"],
        .videography: ["videographer", "videographers", "video", "film", "filmmaker"],
        .florist: ["florists", "flowers", "floral", "florals", "floral design"],
        .music: ["DJ", "band", "musician", "musicians", "entertainment", "DJ/Band"],
        .officiant: ["celebrant", "minister", "priest", "rabbi", "imam"],
        .attire: ["dress", "gown", "suits", "tailor", "bridal shop"],
        .hairAndMakeup: ["hair and makeup", "hair & makeup", "hair", "makeup", "make-up", "beauty", "stylist"],
        .cake: ["cakes", "bakery", "baker", "desserts"],
        .stationery: ["stationer", "invitations", "paper"],
        .transport: ["transportation", "limo", "limousine", "cars", "shuttle"],
        .rentals: ["rental", "equipment"],
        .other: ["", "misc", "miscellaneous"],
    ]

    static let vendorStatus = Synonyms<VendorStatus>([
        (.researching, ["researching", "", "considering", "available", "prospect", "shortlisted", "idea"]),
        (.contacted, ["contacted", "inquired", "enquired", "reached out", "emailed", "called"]),
        (.quoted, ["quoted", "quote received", "proposal", "proposal received", "estimate"]),
        (.booked, ["booked", "hired", "contracted", "confirmed", "signed", "reserved", "deposit paid"]),
        (.declined, ["declined", "rejected", "passed", "not available", "unavailable"]),
    ], accepted: VendorStatus.allCases.map(\.rawValue))

    /// Whether a booking status cell holds the status older exports wrote for a vendor put away
    /// ("Archived"), which imports as declined and archived.
    static func isFormerArchivedStatus(_ text: String) -> Bool {
        LooseKey.of(text) == LooseKey.of(VendorStatus.formerArchivedStatus)
    }

    static let paymentStatus = Synonyms<PaymentStatus>([
        (.pending, ["pending", "", "unpaid", "not paid", "due", "open", "outstanding"]),
        (.partial, ["partial", "partially paid", "part paid", "deposit paid"]),
        (.paid, ["paid", "paid in full", "settled", "complete", "completed", "done"]),
        (.overdue, ["overdue", "late", "past due"]),
        (.cancelled, ["cancelled", "canceled", "void"]),
        (.refunded, ["refunded", "refund"]),
    ], accepted: PaymentStatus.allCases.map(\.rawValue))

    /// "Attending", "Not-started" → "Not started": a raw value as a person reads it.
    static func label(_ rawValue: String) -> String {
        let spaced = rawValue.replacingOccurrences(of: "-", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    static func label(_ flag: Bool) -> String { flag ? "Yes" : "No" }
}
