import BlueprintDomain

/// A change to one wedding's data that makes cached values stale.
///
/// Repositories report every mutation they commit as an operation; an `external` operation
/// reports that another process changed some kinds of record.
public struct CacheOperation: Hashable, Sendable, CustomStringConvertible {
    /// A mutation made through this process's repositories.
    public enum Action: Hashable, Sendable, CaseIterable {
        /// Records of a kind kept in a table (see `TableRecord`; not `.wedding`) created,
        /// updated, deleted or imported: what it makes stale follows from the kind's declaration.
        case record(RecordWrite, RecordKind)
        case installmentCreated, installmentUpdated, installmentDeleted
        case subtaskCreated, subtaskUpdated, subtaskDeleted
        /// A wedding was created with its records in one go (a demo, a restore).
        case weddingCreated
        /// Names, date, currency, total budget or meal options changed.
        case weddingSettingsUpdated
        /// The wedding and everything in it are gone.
        case weddingDeleted

        /// Every action: each write of each kind of table record, then the kind-specific ones.
        public static var allCases: [Action] {
            WeddingDataset.tableRecordTypes.flatMap { type in RecordWrite.allCases.map { Action.record($0, type.kind) } }
                + [.installmentCreated, .installmentUpdated, .installmentDeleted,
                   .subtaskCreated, .subtaskUpdated, .subtaskDeleted,
                   .weddingCreated, .weddingSettingsUpdated, .weddingDeleted]
        }

        /// The kind of record the action writes (installments live in expenses, subtasks in tasks).
        public var recordKind: RecordKind {
            switch self {
            case .record(_, let kind): return kind
            case .installmentCreated, .installmentUpdated, .installmentDeleted: return .expense
            case .subtaskCreated, .subtaskUpdated, .subtaskDeleted: return .task
            case .weddingCreated, .weddingSettingsUpdated, .weddingDeleted: return .wedding
            }
        }

        /// The action's name for journals and logs: `guestCreated`, `expenseImported`, `installmentDeleted`.
        public var name: String {
            switch self {
            case .record(let write, let kind): return kind.rawValue + write.rawValue.prefix(1).uppercased() + write.rawValue.dropFirst()
            default: return "\(self)"
            }
        }
    }

    public enum Change: Hashable, Sendable {
        /// Writes made together in one transaction; the first names the operation.
        case actions([Action])
        /// Another process changed records of these kinds. Invalidates what every action on
        /// those kinds would (so a changed wedding record counts as a possible deletion).
        case external(Set<RecordKind>)
    }

    public let wedding: WeddingID
    public let change: Change

    /// `action`, and `more` actions written in the same transaction (an import that also
    /// creates the categories its rows name).
    public init(_ action: Action, also more: [Action] = [], in wedding: WeddingID) {
        self.init(wedding: wedding, change: .actions([action] + more))
    }

    /// A write of records of `kind` through the generic record path.
    public init(_ write: RecordWrite, _ kind: RecordKind, in wedding: WeddingID) {
        self.init(.record(write, kind), in: wedding)
    }

    public static func external(_ kinds: Set<RecordKind>, in wedding: WeddingID) -> CacheOperation {
        CacheOperation(wedding: wedding, change: .external(kinds))
    }

    private init(wedding: WeddingID, change: Change) {
        self.wedding = wedding
        self.change = change
    }

    /// The actions this operation stands for: its own, or every action on the changed kinds.
    public var actions: [Action] {
        switch change {
        case .actions(let actions): return actions
        case .external(let kinds): return Action.allCases.filter { kinds.contains($0.recordKind) }
        }
    }

    /// Every operation there is for `wedding`: each action, and an external change of each kind.
    public static func all(in wedding: WeddingID) -> [CacheOperation] {
        Action.allCases.map { CacheOperation($0, in: wedding) }
            + RecordKind.allCases.map { external([$0], in: wedding) }
    }

    /// The first action's name (`guestCreated`) or `external`, for journals and logs.
    public var name: String {
        switch change {
        case .actions(let actions): return actions[0].name
        case .external: return "external"
        }
    }

    public var description: String {
        switch change {
        case .actions(let actions): return "\(actions.map(\.name).joined(separator: " + ")) in \(wedding)"
        case .external(let kinds): return "external change of \(kinds.map(\.rawValue).sorted()) in \(wedding)"
        }
    }
}
