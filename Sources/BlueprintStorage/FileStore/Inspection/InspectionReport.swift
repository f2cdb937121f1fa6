import BlueprintDomain

/// What a read-only inspection found in a data directory (see `StoreInspector`).
public struct InspectionReport: Sendable {
    /// The data directory (absolute).
    public let root: String
    /// Whether the folder exists (a missing one is also a `rootMissing` finding).
    public let rootExists: Bool
    /// Findings about the data directory itself, its `weddings/` folder and `index.json`.
    public var findings: [StoreFinding]
    /// Processes holding `index.lock` (they are listing or recording weddings right now).
    public var indexLock: LockReport?
    /// Every wedding folder, in folder-name order.
    public var weddings: [WeddingInspection]

    /// Every finding, the data directory's first.
    public var allFindings: [StoreFinding] { findings + weddings.flatMap(\.findings) }
}

/// What an inspection found in one wedding's folder.
public struct WeddingInspection: Sendable {
    public let id: WeddingID
    public let folder: String
    /// The wedding's name, when `wedding.json` decodes.
    public var name: String?
    /// What the wedding holds once the journal is replayed, when every file needed for it decoded.
    public var counts: RecordCounts?
    /// Complete journal lines read (transactions not yet folded into the snapshot files).
    public var journalEntries = 0
    /// How many documents' stored files were checked (those at fault are among the findings).
    public var documentsVerified = 0
    public var findings: [StoreFinding] = []
    /// Records that read but that the planner refuses today (only another program or an older
    /// version could write them), each naming the record and field: "expense 'Hall' amount is
    /// more than the largest amount allowed (…)", "guest 'Ana Ruiz' plusOneName: no plus-one is allowed, …".
    public var recordProblems: [String] = []
    /// Who holds the folder's lock; `nil` when the folder has no lock file yet.
    public var lock: LockReport?
}

/// How many records of each kind a wedding holds.
public struct RecordCounts: Sendable, Equatable {
    public var guests, categories, expenses, vendors, tasks: Int

    public init(guests: Int, categories: Int, expenses: Int, vendors: Int, tasks: Int) {
        self.guests = guests
        self.categories = categories
        self.expenses = expenses
        self.vendors = vendors
        self.tasks = tasks
    }
}

/// Who held a lock file while it was inspected.
public struct LockReport: Sendable, Equatable {
    public let path: String
    /// Holders and waiters listed by the kernel (`/proc/locks`) when the inspection began.
    public var holders: [LockHolder]
    /// Whether the folder was read under a shared lock, so no write was half-done meanwhile.
    /// False when a writer kept its exclusive lock for the whole wait.
    public var readUnderLock: Bool
}

/// A process holding (or waiting for) a lock.
public struct LockHolder: Sendable, Equatable {
    public let pid: Int32
    /// A writer's lock; otherwise a reader's, which other readers share.
    public let exclusive: Bool
    /// Still waiting for the lock rather than holding it.
    public let waiting: Bool
    /// The process's command line, when this user may see it (untrusted text: sanitise it).
    public let command: String?
}
