import Foundation

/// A record whose changes the activity feed can tell: its name, and the fields it names when they change.
public protocol ActivityDescribed: Record {
    /// The record's name in the feed: "Ana Ruiz", "Book the DJ", "Table 4 · Garden".
    var activityName: String { get }
    /// The fields the feed names when they change, in the order it lists them. A field declared
    /// as a status is told as its new state ("marked Ana Ruiz attending").
    static var describedFields: [DescribedField<Self>] { get }
}

extension ActivityDescribed {
    public static var describedFields: [DescribedField<Self>] { [] }

    /// What changing `old` into `new` did (one of them `nil` for an addition or a deletion).
    static func activityChange(from old: Self?, to new: Self?) -> ActivityChange {
        guard let old, let new else {
            let record = (new ?? old)!
            return ActivityChange(kind: kind, id: record.id, name: record.activityName, write: old == nil ? .added : .deleted)
        }
        var fields: [String] = []
        var values: [String: String] = [:]
        var marked: String?
        for field in describedFields where field.differs(old, new) {
            if marked == nil, let state = field.state {
                marked = state(new)
            } else {
                fields.append(field.label)
                if let value = field.value { values[field.label] = value(new) }
            }
        }
        return ActivityChange(kind: kind, id: new.id, name: new.activityName, write: .changed, fields: fields, values: values,
                              marked: marked)
    }
}

/// A field of `R` that the activity feed names when it changes.
public struct DescribedField<R> {
    /// How the feed names the field: "email", "table".
    public let label: String
    let differs: (R, R) -> Bool
    /// For a status: the phrase for its value ("attending").
    let state: ((R) -> String)?
    /// For a setting: its new value as the feed says it ("22 May 2027"), from the record as changed.
    let value: ((R) -> String)?

    /// A field named `label` when the value at `path` changes.
    public static func field<V: Equatable>(_ label: String, _ path: KeyPath<R, V>) -> Self {
        Self(label: label, differs: { $0[keyPath: path] != $1[keyPath: path] }, state: nil, value: nil)
    }

    /// A field whose change is told with its new value: "changed the currency to EUR"; `value`
    /// says it from the record as changed.
    public static func valued<V: Equatable>(_ label: String, _ path: KeyPath<R, V>, _ value: @escaping (R) -> String) -> Self {
        Self(label: label, differs: { $0[keyPath: path] != $1[keyPath: path] }, state: nil, value: value)
    }

    /// A status: a change to it is told as "marked NAME `phrase(new value)`".
    public static func status<V: Equatable>(_ label: String, _ path: KeyPath<R, V>, _ phrase: @escaping (V) -> String) -> Self {
        Self(label: label, differs: { $0[keyPath: path] != $1[keyPath: path] }, state: { phrase($0[keyPath: path]) }, value: nil)
    }
}
