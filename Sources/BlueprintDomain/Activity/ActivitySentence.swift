import Foundation

extension ActivityEntry {
    /// What the commit did, as the feed says it after the author's name: "marked Ana Ruiz
    /// attending", "changed Ana Ruiz's email and phone", "added 10,000 guests", "deleted guest
    /// Ana Ruiz (and 2 notes)". Names are as typed: sanitise before drawing.
    public var sentence: String {
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
        list(counts.indices.map { index in
            counts[index].phrase(sayingVerb: index == 0 || counts[index - 1].write != counts[index].write)
        })
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

extension ActivityChange {
    /// "added guest Ana Ruiz", "marked Ana Ruiz attending", "changed Ana Ruiz's email and phone",
    /// "changed the RSVP deadline to 22 May 2027 and the currency to EUR".
    public var sentence: String {
        switch write {
        case .added: return "added \(kind.noun) \(name)"
        case .deleted: return "deleted \(kind.noun) \(name)"
        case .changed:
            let subject = kind == .wedding ? "the wedding" : name
            let changedFields = ActivityEntry.list(uniqueFields.prefix(3).map { $0 }
                                                   + (uniqueFields.count > 3 ? ["\(uniqueFields.count - 3) more"] : []))
            if kind == .wedding, marked == nil, !uniqueFields.isEmpty, uniqueFields.allSatisfy({ values[$0] != nil }) {
                let settings = uniqueFields.prefix(3).map { "the \($0) to \(values[$0]!)" }
                return "changed " + ActivityEntry.list(settings + (uniqueFields.count > 3 ? ["\(uniqueFields.count - 3) more"] : []))
            }
            if let marked {
                return "marked \(subject) \(marked)" + (uniqueFields.isEmpty ? "" : " and changed \(changedFields)")
            }
            if uniqueFields.isEmpty { return kind == .wedding ? "changed the wedding" : "changed \(kind.noun) \(name)" }
            return "changed \(kind == .wedding ? "the wedding's" : subject + "'s") \(changedFields)"
        }
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
    /// Plural noun for counts: "guests", "budget categories", "money-owed entries".
    public var pluralNoun: String {
        switch self {
        case .category: return "budget categories"
        case .moneyOwed: return "money-owed entries"
        default: return noun + "s"
        }
    }
}
