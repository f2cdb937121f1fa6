import Foundation

/// A record whose changes the activity feed can tell: its name, and the fields it names when they change.
public protocol ActivityDescribed: Record {
    /// The record's name in the feed: "Ana Ruiz", "Book the DJ", "Table 4 · Garden".
    var activityName: String { get }
    /// The record's name as the feed says it, looking up the records it is about: the plain
    /// `activityName` unless `namesItsKind`.
    func activityName(in context: ActivityContext) -> String
    /// Whether `activityName(in:)` is a phrase that says the kind itself ("a keep-apart rule for
    /// Ana Ruiz and Ben Ng", "a note on Ana Ruiz"), so the feed does not put the kind's noun before it.
    static var namesItsKind: Bool { get }
    /// The fields the feed names when they change, in the order it lists them.
    static var describedFields: [DescribedField<Self>] { get }
}

extension ActivityDescribed {
    public func activityName(in context: ActivityContext) -> String { activityName }
    public static var namesItsKind: Bool { false }

    /// What changing `old` into `new` did (one of them `nil` for an addition or a deletion), with
    /// the records it names looked up in `context`.
    static func activityChange(from old: Self?, to new: Self?, in context: ActivityContext) -> ActivityChange {
        guard let old, let new else {
            let record = (new ?? old)!
            return ActivityChange(kind: kind, id: record.id, name: record.activityName(in: context),
                                  write: old == nil ? .added : .deleted, namesItsKind: namesItsKind)
        }
        let name = new.activityName(in: context)
        var fields: [String] = []
        var values: [String: String] = [:]
        var marked: String?
        var actions: [String] = []
        for field in describedFields where field.differs(old, new) {
            switch field.telling {
            case .name:
                fields.append(field.label)
            case .value(let say):
                fields.append(field.label)
                values[field.label] = say(new, context)
            case .state(let phrase) where marked == nil:
                marked = phrase(new)
            case .state:
                fields.append(field.label)
            case .action(let phrase):
                let action = phrase(new, name, context)
                if !actions.contains(action) { actions.append(action) }
            }
        }
        return ActivityChange(kind: kind, id: new.id, name: name, write: .changed, fields: fields, values: values,
                              marked: marked, actions: actions, namesItsKind: namesItsKind)
    }
}

/// A field of `R` that the activity feed tells when it changes, and how.
public struct DescribedField<R> {
    /// How the feed names the field: "email", "due date".
    public let label: String
    let differs: (R, R) -> Bool
    let telling: Telling

    /// How a change of the field is told.
    enum Telling {
        /// By the field's name alone: "changed Ana Ruiz's email".
        case name
        /// By its name and new value, said from the record as changed: "changed the amount of Venue deposit to $1,200.00".
        case value((R, ActivityContext) -> String)
        /// As the record's new state: "marked Ana Ruiz attending".
        case state((R) -> String)
        /// As what the person did, said from the record as changed and its name: "archived DJ Ñandú".
        case action((R, String, ActivityContext) -> String)
    }

    /// A field named `label` when the value at `path` changes (free text, whose value is not repeated).
    public static func field<V: Equatable>(_ label: String, _ path: KeyPath<R, V>) -> Self {
        Self(label: label, differs: { $0[keyPath: path] != $1[keyPath: path] }, telling: .name)
    }

    /// A field whose change is told with its new value ("changed the currency to EUR"); `value`
    /// says it from the record as changed.
    public static func valued<V: Equatable>(_ label: String, _ path: KeyPath<R, V>,
                                            _ value: @escaping (R, ActivityContext) -> String) -> Self {
        Self(label: label, differs: { $0[keyPath: path] != $1[keyPath: path] }, telling: .value(value))
    }

    /// A status: a change to it is told as "marked NAME `phrase(new value)`".
    public static func status<V: Equatable>(_ label: String, _ path: KeyPath<R, V>, _ phrase: @escaping (V) -> String) -> Self {
        Self(label: label, differs: { $0[keyPath: path] != $1[keyPath: path] }, telling: .state { phrase($0[keyPath: path]) })
    }

    /// A field whose change is told as a verb phrase of its own, made from the record as changed
    /// and its name: "archived DJ Ñandú", "allowed Ana Ruiz a plus-one".
    public static func action<V: Equatable>(_ label: String, _ path: KeyPath<R, V>,
                                            _ phrase: @escaping (R, _ name: String, ActivityContext) -> String) -> Self {
        Self(label: label, differs: { $0[keyPath: path] != $1[keyPath: path] }, telling: .action(phrase))
    }

    /// A yes-or-no field told as one verb phrase when it becomes true and another when it becomes
    /// false, each made from the record's name ("archived DJ Ñandú", "restored DJ Ñandú").
    public static func toggle(_ label: String, _ path: KeyPath<R, Bool>, on: @escaping (String) -> String,
                              off: @escaping (String) -> String) -> Self {
        action(label, path) { record, name, _ in record[keyPath: path] ? on(name) : off(name) }
    }
}
