import BlueprintDomain

/// Reads and writes "Invited By" using the couple's names.
///
/// Accepted: "Partner 1" / "Partner 2" / "Both" (also "P1", "Mutual", blank for both), and each
/// partner's full or first name, optionally as "<name>'s side" ("Ana", "Ana's side" → partner 1).
/// "Bride's side" and "Groom's side" are refused: the wedding does not say which partner is which.
/// A name both partners share is ambiguous and not accepted.
struct InvitedByNames {
    private let names: Synonyms<InvitedBy>
    private let partner1: String
    private let partner2: String

    init(wedding: Wedding) {
        partner1 = CSVValues.trimmed(wedding.partner1Name)
        partner2 = CSVValues.trimmed(wedding.partner2Name)
        let fixed: [(InvitedBy, [String])] = [
            (.partner1, ["partner 1", "partner1", "p1", "partner one", "first partner"]),
            (.partner2, ["partner 2", "partner2", "p2", "partner two", "second partner"]),
            (.both, ["both", "", "mutual", "both sides", "both partners", "shared"]),
        ]
        let fixedKeys = Set(fixed.flatMap(\.1).map(LooseKey.of))
        func spellings(_ name: String) -> Set<String> {
            let whole = LooseKey.of(name)
            let first = LooseKey.of(String(name.split(separator: " ").first ?? ""))
            return Set([whole, first].filter { !$0.isEmpty && !fixedKeys.contains($0) })
        }
        let own1 = spellings(partner1), own2 = spellings(partner2)
        let shared = own1.intersection(own2)
        let byName: [(InvitedBy, [String])] = [(.partner1, Array(own1.subtracting(shared))),
                                               (.partner2, Array(own2.subtracting(shared)))]
        let accepted = [partner1.isEmpty ? "Partner 1" : "\(partner1) (partner 1)",
                        partner2.isEmpty ? "Partner 2" : "\(partner2) (partner 2)", "Both"]
        names = Synonyms(fixed + byName, accepted: accepted)
    }

    func parse(_ text: String) throws(CSVValueError) -> InvitedBy {
        if let value = names.value(for: text) { return value }
        let key = LooseKey.of(text)
        for suffix in ["sside", "side"] where key.hasSuffix(suffix) {
            if let value = names.value(for: String(key.dropLast(suffix.count))) { return value }
        }
        return try names.parse(text, as: "who invited the guest")
    }

    /// The partner's first name when it reads back unambiguously, else "Partner 1"/"Partner 2"; "Both".
    func label(_ invitedBy: InvitedBy) -> String {
        let name: String
        switch invitedBy {
        case .both: return "Both"
        case .partner1: name = partner1
        case .partner2: name = partner2
        }
        let firstName = String(name.split(separator: " ").first ?? "")
        if !firstName.isEmpty, names.value(for: firstName) == invitedBy { return firstName }
        return invitedBy == .partner1 ? "Partner 1" : "Partner 2"
    }
}
