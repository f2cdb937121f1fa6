import BlueprintDomain

/// A change to one wedding's data that makes cached values stale.
///
/// Repositories report every mutation they commit as an operation; an `external` operation
/// reports that another process changed some kinds of record.
public struct CacheOperation: Hashable, Sendable, CustomStringConvertible {
    /// A mutation made through this process's repositories.
    public enum Action: Hashable, Sendable, CaseIterable {
        case guestCreated, guestUpdated, guestDeleted, guestsImported
        case categoryCreated, categoryUpdated, categoryDeleted
        case expenseCreated, expenseUpdated, expenseDeleted, expensesImported
        case installmentCreated, installmentUpdated, installmentDeleted
        case vendorCreated, vendorUpdated, vendorDeleted, vendorsImported
        case taskCreated, taskUpdated, taskDeleted, tasksImported
        case subtaskCreated, subtaskUpdated, subtaskDeleted
        /// A wedding was created with its records in one go (a demo, a restore).
        case weddingCreated
        /// Names, date, currency, total budget or meal options changed.
        case weddingSettingsUpdated
        /// The wedding and everything in it are gone.
        case weddingDeleted

        /// The kind of record the action writes (installments live in expenses, subtasks in tasks).
        public var recordKind: RecordKind {
            switch self {
            case .guestCreated, .guestUpdated, .guestDeleted, .guestsImported: return .guest
            case .categoryCreated, .categoryUpdated, .categoryDeleted: return .category
            case .expenseCreated, .expenseUpdated, .expenseDeleted, .expensesImported,
                 .installmentCreated, .installmentUpdated, .installmentDeleted: return .expense
            case .vendorCreated, .vendorUpdated, .vendorDeleted, .vendorsImported: return .vendor
            case .taskCreated, .taskUpdated, .taskDeleted, .tasksImported,
                 .subtaskCreated, .subtaskUpdated, .subtaskDeleted: return .task
            case .weddingCreated, .weddingSettingsUpdated, .weddingDeleted: return .wedding
            }
        }
    }

    public enum Change: Hashable, Sendable {
        case action(Action)
        /// Another process changed records of these kinds. Invalidates what every action on
        /// those kinds would (so a changed wedding record counts as a possible deletion).
        case external(Set<RecordKind>)
    }

    public let wedding: WeddingID
    public let change: Change

    public init(_ action: Action, in wedding: WeddingID) {
        self.wedding = wedding
        self.change = .action(action)
    }

    public static func external(_ kinds: Set<RecordKind>, in wedding: WeddingID) -> CacheOperation {
        CacheOperation(wedding: wedding, change: .external(kinds))
    }

    private init(wedding: WeddingID, change: Change) {
        self.wedding = wedding
        self.change = change
    }

    /// The actions this operation stands for: itself, or every action on the changed kinds.
    public var actions: [Action] {
        switch change {
        case .action(let action): return [action]
        case .external(let kinds): return Action.allCases.filter { kinds.contains($0.recordKind) }
        }
    }

    /// Every operation there is for `wedding`: each action, and an external change of each kind.
    public static func all(in wedding: WeddingID) -> [CacheOperation] {
        Action.allCases.map { CacheOperation($0, in: wedding) }
            + RecordKind.allCases.map { external([$0], in: wedding) }
    }

    /// The action's name (`guestCreated`) or `external`, for journals and logs.
    public var name: String {
        switch change {
        case .action(let action): return "\(action)"
        case .external: return "external"
        }
    }

    public var description: String {
        switch change {
        case .action(let action): return "\(action) in \(wedding)"
        case .external(let kinds): return "external change of \(kinds.map(\.rawValue).sorted()) in \(wedding)"
        }
    }
}
