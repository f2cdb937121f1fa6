import Foundation

/// What describing a change for the activity feed may look up: the wedding's data as the commit
/// has it so far (the guests a seating rule names, the record a note is on), and how it says
/// money and dates.
public struct ActivityContext {
    let dataset: WeddingDataset

    init(_ dataset: WeddingDataset) {
        self.dataset = dataset
    }

    /// An amount in the wedding's currency ("$1,200.00"), or "none".
    func money(_ amount: Money?) -> String { amount.map(dataset.wedding.currency.format) ?? "none" }

    /// A date in words ("22 May 2027"), or "none".
    func date(_ date: CalendarDate?) -> String { date?.spelledOut ?? "none" }

    /// The feed's name of the record of `kind` with `id`, or `none` when there is no such record.
    func name(of kind: RecordKind, _ id: UUID?, none: String = "none") -> String {
        guard let id, let type = WeddingDataset.tableRecordType(of: kind) else { return none }
        return name(type, id) ?? none
    }

    /// What a note or document is attached to: "the wedding", or the record's name.
    func name(of subject: RecordSubject) -> String {
        subject.isWedding ? "the wedding" : name(of: subject.kind, subject.id, none: "a deleted \(subject.kind.noun)")
    }

    /// The guests with `ids` by name: "Ana Ruiz and Ben Ng", "Ana Ruiz, Ben Ng and 3 others".
    func guestNames(_ ids: [UUID]) -> String {
        let names = ids.prefix(3).map { name(of: .guest, $0, none: "a deleted guest") }
        return ListPhrase.joined(names + (ids.count > 3 ? [CountPhrase.of(ids.count - 3, "other")] : []))
    }

    private func name<R: TableRecord>(_ type: R.Type, _ id: UUID) -> String? {
        dataset[keyPath: R.collection][id].map { $0.activityName(in: self) }
    }
}
