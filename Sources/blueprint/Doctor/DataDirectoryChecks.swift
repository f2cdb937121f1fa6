import BlueprintDomain
import BlueprintStorage

/// The data directory's checks: the folder itself, then a section per wedding.
struct DataDirectoryChecks {
    let report: InspectionReport
    /// Where the path came from: "--data-dir", "BLUEPRINT_DATA_DIR", ….
    let source: String
    /// Whether the weddings are a database's (the folder then holds their local copies).
    let databaseConfigured: Bool

    var sections: [CheckSection] {
        [directorySection] + report.weddings.map(weddingSection)
    }

    private var directorySection: CheckSection {
        var checks: [Check] = []
        let rootFindings = report.findings.filter { $0.path == report.root }
        if report.rootExists, !rootFindings.contains(where: { $0.check.status == .problem }) {
            checks.append(.ok("exists, and you may read and write it"))
        }
        checks += report.findings.map(\.check)
        if let lock = report.indexLock, let check = lockCheck(lock, what: "the wedding index") { checks.append(check) }
        if report.rootExists {
            checks.append(report.weddings.isEmpty
                ? .ok(databaseConfigured
                      ? "no weddings of its own: the weddings are the database's (below), copied under databases/"
                      : "no weddings yet: `blueprint` opens a demo wedding, `blueprint demo` makes one")
                : .ok(CountPhrase.of(report.weddings.count, "wedding")))
        }
        return CheckSection(title: "Data directory \(report.root) (from \(source))", checks: checks)
    }

    private func weddingSection(_ wedding: WeddingInspection) -> CheckSection {
        var checks: [Check] = []
        if let counts = wedding.counts {
            let pending = wedding.journalEntries == 0 ? ""
                : "; " + CountPhrase.of(wedding.journalEntries, "change") + " in the journal"
            let read = [CountPhrase.of(counts.guests, "guest"), CountPhrase.of(counts.categories, "budget category"),
                        CountPhrase.of(counts.expenses, "expense"), CountPhrase.of(counts.vendors, "vendor"),
                        CountPhrase.of(counts.tasks, "task")]
            checks.append(.ok("every file reads: " + read.joined(separator: ", ") + pending))
            let damaged = wedding.findings.filter {
                switch $0 {
                case .missingDocument, .alteredDocument: true
                default: false
                }
            }
            if wedding.documentsVerified > 0, damaged.isEmpty {
                checks.append(.ok(CountPhrase.of(wedding.documentsVerified, "document") + ": "
                                  + "every stored file is there and matches its SHA-256"))
            }
        }
        checks += wedding.findings.map(\.check)
        checks += wedding.recordProblems.map {
            .warning($0, fix: "the planner opens the wedding and shows it; correct the record there (e edits it)")
        }
        if let lock = wedding.lock {
            checks.append(lockCheck(lock, what: "this wedding") ?? .ok("lock: free (no other process is reading or writing)"))
        }
        let name = wedding.name.map { "\"\($0)\" " } ?? ""
        return CheckSection(title: "Wedding \(name)(\(wedding.folder))", checks: checks)
    }

    /// Who holds a lock, or `nil` when no one else does.
    private func lockCheck(_ lock: LockReport, what: String) -> Check? {
        func named(_ holders: [LockHolder]) -> String {
            holders.map { "pid \($0.pid)" + ($0.command.map { " (\($0))" } ?? "") + ($0.waiting ? " waiting" : "") }
                .joined(separator: ", ")
        }
        if lock.readUnderLock {
            return lock.holders.isEmpty ? nil : .ok("lock: shared with \(named(lock.holders))")
        }
        let writers = lock.holders.filter { $0.exclusive && !$0.waiting }
        let pids = writers.map { String($0.pid) }
        let look = pids.isEmpty
            ? "`fuser -v '\(lock.path)'` shows which process it is"
            : "look at it with `ps -fp \(pids.joined(separator: ","))` and end it with `kill \(pids.joined(separator: " "))`"
        return .warning("lock: \(what) is held for writing by \(writers.isEmpty ? "another process" : named(writers)); "
                        + "it stayed held, so the files were read without it",
                        fix: "a write holds the lock only for a moment; if it stays held, that process may be stuck: "
                            + look + " (blueprint never takes a lock away)")
    }
}
