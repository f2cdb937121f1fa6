import BlueprintDomain

/// An edit that could not merge on its own with someone else's change of the same record: the
/// fields both changed differently, or the record deleted meanwhile. Nothing is written until
/// the person chooses.
public struct EditConflict<R: Record>: Equatable, Sendable {
    /// The record the edit started from; `nil` when that version is no longer known (then every
    /// field the two hold differently is asked about).
    public let base: R?
    /// Your record: your changes on the version you had (`yours.version` is that version).
    public let yours: R
    /// The record as it is stored now, with the other change; `nil` when it was deleted.
    public let current: R?
    /// The values both sides changed differently (empty for a deletion).
    public let fields: [FieldConflict]
    /// Who changed or deleted it, and when, if the change feed said.
    public let writer: ChangeWriter?
    /// What the edit was ("RSVP"), to name the write that settles it.
    let title: String
}

/// A conflict as the dialog shows it, whatever the kind of record.
public struct ConflictSummary: Equatable, Sendable {
    /// A value as the dialog shows it: text, or an amount to format in the wedding's currency.
    public enum Value: Equatable, Sendable {
        case text(String)
        /// `nil`: no amount.
        case money(Money?)
    }

    /// One value both changed differently.
    public struct Field: Equatable, Sendable {
        public let path: FieldPath
        /// "phone", "installments › amount".
        public let label: String
        public let base: Value
        public let mine: Value
        public let theirs: Value

        public init(path: FieldPath, label: String, base: Value, mine: Value, theirs: Value) {
            (self.path, self.label, self.base, self.mine, self.theirs) = (path, label, base, mine, theirs)
        }
    }

    public let kind: RecordKind
    /// The record's name ("Ana Ruiz").
    public let name: String
    public let fields: [Field]
    public let writer: ChangeWriter?
    /// Whether the record was deleted meanwhile (then `fields` is empty).
    public let deleted: Bool

    public init(kind: RecordKind, name: String, fields: [Field], writer: ChangeWriter?, deleted: Bool) {
        (self.kind, self.name, self.fields, self.writer, self.deleted) = (kind, name, fields, writer, deleted)
    }
}

extension EditConflict {
    var summary: ConflictSummary {
        let named = current ?? base ?? yours
        return ConflictSummary(
            kind: R.kind, name: (named as? any ActivityDescribed)?.activityName ?? R.kind.noun,
            fields: fields.map { field in
                let value = { (record: R?, json: JSONTree?) -> ConflictSummary.Value in
                    // An amount is kept in minor units: the dialog formats it in the currency.
                    if let record, let amount = FieldReading.value(at: field.path, in: record) as? Money { return .money(amount) }
                    if json == nil, FieldReading.isMoney(at: field.path, in: self.current ?? self.yours) { return .money(nil) }
                    return .text(json.fieldText)
                }
                return ConflictSummary.Field(path: field.path, label: field.path.label, base: value(base, field.base),
                                             mine: value(yours, field.mine), theirs: value(current, field.theirs))
            },
            writer: writer, deleted: current == nil)
    }
}

/// A part of a store that can hold an open conflict (see `DomainStore.resolveConflict(choosing:)`).
@MainActor
protocol ConflictHolder: AnyObject {
    /// The open conflict in words.
    var conflictSummary: ConflictSummary? { get }
    /// Forgets the open conflict.
    func dismissConflict()
    /// Saves the merge with the side `choose` picks for each field both changed (theirs where it
    /// picks none); a record deleted meanwhile is restored with your edits.
    func resolveConflict(choosing choose: @escaping (FieldPath) -> MergeSide?) async -> EditOutcome
}
