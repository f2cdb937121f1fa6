import Foundation

extension ActivityEntry {
    /// What the commit did, as the feed says it after the author's name: "marked Ana Ruiz
    /// attending", "changed Ana Ruiz's email and phone", "added 10,000 guests", "deleted guest
    /// Ana Ruiz (and 2 notes)", "made scenario “Smaller venue” live", "changed Ana Ruiz's email,
    /// merged with Mei's change to phone". Names are as typed: sanitise before drawing.
    public var sentence: String {
        guard let remark = summary.remark else { return changesSentence }
        return changesSentence + ", " + remark
    }

    /// What the commit changed, without its remark.
    private var changesSentence: String {
        if let action = summary.action { return action.sentence }
        let own = summary.counts.filter { !$0.followed }
        let followed = summary.counts.filter(\.followed)
        var text: String
        if own.reduce(0, { $0 + $1.count }) == 1, let change = summary.changes.first {
            text = change.sentence
        } else if own.isEmpty {
            text = "changed nothing of note"
        } else {
            text = Self.phrases(Array(own.prefix(3))) + (own.count > 3 ? " and more" : "")
        }
        if !followed.isEmpty {
            text += " (and " + Self.phrases(followed) + ")"
        }
        return text
    }

    /// The counts listed, each verb said once for a run of the same: "added 10,000 guests and a task".
    private static func phrases(_ counts: [ActivityCount]) -> String {
        ListPhrase.joined(counts.indices.map { index in
            counts[index].phrase(sayingVerb: index == 0 || counts[index - 1].write != counts[index].write)
        })
    }
}

extension ActivityChange {
    /// "added guest Ana Ruiz", "marked Ana Ruiz attending", "changed Ana Ruiz's email and phone",
    /// "changed the amount of Venue deposit to $1,200.00", "archived DJ Ñandú", "added a
    /// keep-apart rule for Ana Ruiz and Ben Ng", "changed the RSVP deadline to 22 May 2027 and the
    /// currency to EUR".
    public var sentence: String {
        switch write {
        case .added: return "added \(reference)"
        case .deleted: return "deleted \(reference)"
        case .changed:
            if kind == .wedding, marked == nil, actions.isEmpty, !uniqueFields.isEmpty,
               uniqueFields.allSatisfy({ values[$0] != nil }) {
                let settings = uniqueFields.prefix(3).map { "the \($0) to \(values[$0]!)" }
                return "changed " + ListPhrase.joined(settings + (uniqueFields.count > 3 ? ["\(uniqueFields.count - 3) more"] : []))
            }
            var clauses = (marked.map { ["marked \(object) \($0)"] } ?? []) + actions
            if !uniqueFields.isEmpty { clauses.append("changed " + changedFields(afterOthers: !clauses.isEmpty)) }
            return clauses.isEmpty ? "changed \(reference)" : ListPhrase.joined(clauses)
        }
    }

    /// The record as the object of a verb: "Ana Ruiz", "the wedding", "a note on Ana Ruiz".
    private var object: String { kind == .wedding ? "the wedding" : name }

    /// The record with its kind: "guest Ana Ruiz", "a keep-apart rule for Ana Ruiz and Ben Ng".
    private var reference: String { kind == .wedding || namesItsKind ? object : "\(kind.noun) \(name)" }

    /// The changed fields, and the new value when one field changed and says it: "Ana Ruiz's
    /// email and phone", "the amount of Venue deposit to $1,200.00"; after another clause about
    /// the record, without naming it again ("the table to 3").
    private func changedFields(afterOthers: Bool) -> String {
        let listed = ListPhrase.joined(uniqueFields.prefix(3).map { $0 }
                                        + (uniqueFields.count > 3 ? ["\(uniqueFields.count - 3) more"] : []))
        let newValue = uniqueFields.count == 1 ? values[uniqueFields[0]].map { " to \($0)" } ?? "" : ""
        if afterOthers { return "the \(listed)\(newValue)" }
        if kind == .wedding || (kind.namesAPerson && !namesItsKind) { return "\(object.possessive) \(listed)\(newValue)" }
        return "the \(listed) of \(object)\(newValue)"
    }

    /// The changed fields' names, each once (a name's two parts are one "name").
    private var uniqueFields: [String] {
        var seen: Set<String> = []
        return fields.filter { seen.insert($0).inserted }
    }
}

extension ActivityCount {
    /// "added 10,000 guests", "changed a gift", "deleted 2 notes"; without the verb, "2 notes".
    func phrase(sayingVerb: Bool) -> String {
        let verb = sayingVerb ? (write == .added ? "added " : write == .changed ? "changed " : "deleted ") : ""
        guard kind != .wedding else { return verb + "the wedding's settings" }
        if count == 1 { return verb + (["a", "e", "i", "o", "u"].contains(kind.noun.prefix(1)) ? "an " : "a ") + kind.noun }
        return verb + count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) + " " + kind.pluralNoun
    }
}

extension RecordKind {
    /// Whether a record of the kind is named after people, so its fields are told as theirs
    /// ("Ana Ruiz's email") rather than of it ("the amount of Venue deposit").
    var namesAPerson: Bool { self == .guest || self == .vendor || self == .moneyOwed }

    /// Plural noun for counts: "guests", "budget categories", "money-owed entries".
    public var pluralNoun: String {
        switch self {
        case .category: return "budget categories"
        case .moneyOwed: return "money-owed entries"
        default: return CountPhrase.plural(noun)
        }
    }
}

extension String {
    /// The English possessive of a name: "Ana Ruiz's", "Ana's parents'", "Chris'", "the wedding's".
    public var possessive: String { hasSuffix("s") || hasSuffix("S") ? self + "'" : self + "'s" }
}
