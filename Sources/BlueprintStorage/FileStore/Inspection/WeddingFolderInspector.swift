import BlueprintDomain
import Foundation
import Glibc
import Logging

/// Reads one wedding folder the way opening it would (schema check, every snapshot file, the
/// journal's complete lines replayed), with the store's own decoders, but changes nothing: where
/// opening would migrate, start a journal, drop a torn line or set a file aside, this reports it.
/// Unlike opening, it goes on past the first problem, so every damaged file is listed.
struct WeddingFolderInspector {
    let folder: WeddingFolder
    let schema: WeddingSchema

    func inspect() -> WeddingInspection {
        var report = WeddingInspection(id: folder.id, folder: folder.path)
        report.findings += PathRules(path: folder.path, needs: .folder, isPrivate: true).check()
        // Nothing is read through a linked folder: its files are outside the data directory.
        guard !Disk.isSymbolicLink(folder.path) else { return report }
        report.findings += PathRules(path: folder.lock, needs: [.read, .write], isPrivate: true).check()
        guard let version = schemaVersion(&report.findings) else { return report }
        if version < schema.version {
            // The files are in an older shape until the next open migrates them; decoding them
            // with this build's types would report problems that migrating fixes.
            report.findings.append(.olderSchema(path: folder.meta, found: version, current: schema.version))
            if let gap = (version..<schema.version).first(where: { schema.step(from: $0) == nil }) {
                report.findings.append(.missingMigration(path: folder.meta, fromVersion: gap))
            }
            report.findings += setAsideFiles()
            return report
        }

        var parts = SnapshotParts()
        var snapshots: [SnapshotFile: SnapshotState] = [:]
        var tablesRead = true
        for file in SnapshotFile.allCases {
            let path = folder.path(of: file)
            report.findings += PathRules(path: path, needs: .read, isPrivate: true).check()
            do {
                guard let data = try Disk.read(path) else {
                    report.findings.append(file == .wedding ? .missingFile(path: path) : .missingTable(path: path))
                    snapshots[file] = SnapshotState(generation: 0, bytes: 0)
                    continue
                }
                do {
                    snapshots[file] = SnapshotState(generation: try parts.decode(file, from: data), bytes: data.count)
                } catch {
                    throw UnreadableFile(path: path, error)
                }
            } catch {
                report.findings.append(Self.finding(for: error, at: path))
                tablesRead = false
            }
        }
        report.name = parts.wedding?.name
        if let wedding = parts.wedding, wedding.weddingID != folder.id {
            report.findings.append(.folderMismatch(path: folder.path(of: .wedding), holds: wedding.weddingID))
            tablesRead = false
        }

        report.findings += PathRules(path: folder.journal, needs: [.read, .write], isPrivate: true).check()
        var journal: JournalFile?
        var entries: [JournalEntry] = []
        var journalRead = true
        do {
            journal = try JournalFile.open(folder.journal, readOnly: true)
            if let journal {
                let lines = try journal.readNew()
                entries = lines.entries
                report.journalEntries = lines.entries.count
                if let unreadable = lines.unreadable {
                    report.findings.append(Self.finding(for: unreadable, at: folder.journal))
                    journalRead = false
                }
                if lines.tornBytes > 0 { report.findings.append(.tornJournalTail(path: folder.journal, bytes: lines.tornBytes)) }
            } else {
                report.findings.append(.noJournal(path: folder.journal))
            }
        } catch {
            report.findings.append(Self.finding(for: error, at: folder.journal))
            journalRead = false
        }

        if tablesRead, journalRead, let wedding = parts.wedding {
            var dataset = parts.dataset(wedding: wedding)
            if let journal {
                let loaded = LoadedWedding(dataset: dataset, journal: journal, snapshots: snapshots)
                _ = loaded.replay(entries)
                dataset = loaded.dataset
            }
            report.name = dataset.wedding.name
            report.counts = RecordCounts(guests: dataset.guests.count, categories: dataset.categories.count,
                                         expenses: dataset.expenses.count, vendors: dataset.vendors.count,
                                         tasks: dataset.tasks.count)
            report.recordProblems = Self.recordProblems(in: dataset)
            report.documentsVerified = dataset.documents.count
            report.findings += documentFindings(dataset.documents.records)
        }
        report.findings += setAsideFiles()
        report.findings = Self.withoutRepeatedDenials(report.findings)
        return report
    }

    /// The records of `dataset` the planner would refuse: amounts beyond the limit, and a
    /// plus-one's details on a guest whose plus-one is not allowed.
    static func recordProblems(in dataset: WeddingDataset) -> [String] {
        let amounts = BudgetSummary.recordsBeyondLimit(wedding: dataset.wedding, categories: dataset.categories.records,
                                                       expenses: dataset.expenses.records, vendors: dataset.vendors.records)
            .map { "\($0) is \(Money.beyondLimit)" }
        let plusOnes = dataset.guests.records.flatMap { guest in
            guest.plusOneIssues.map { "guest '\(guest.fullName)' \($0.field): \($0.message)" }
        }
        return amounts + plusOnes
    }

    /// A file this user may not read is reported once, as `notAccessible`, not again as a read
    /// that failed with EACCES; a link or a non-regular file found by its path's rules is not
    /// reported again by the read that refused it.
    static func withoutRepeatedDenials(_ findings: [StoreFinding]) -> [StoreFinding] {
        let denied = Set(findings.compactMap { finding -> String? in
            if case let .notAccessible(path, _) = finding { return path }
            return nil
        })
        var seen: [StoreFinding] = []
        return findings.filter { finding in
            if case let .cannotRead(path, code) = finding { return !(code == EACCES && denied.contains(path)) }
            switch finding {
            case .symbolicLink, .notARegularFile:
                if seen.contains(finding) { return false }
                seen.append(finding)
            default: break
            }
            return true
        }
    }

    /// The schema version of `meta.json`, or `nil` (with the reason among `findings`) when the
    /// folder's files cannot be read as this build's.
    private func schemaVersion(_ findings: inout [StoreFinding]) -> Int? {
        findings += PathRules(path: folder.meta, needs: .read, isPrivate: true).check()
        let upgrade = SchemaUpgrade(schema: schema, folder: folder, logger: Logger(label: "blueprint.storage"))
        do {
            return try upgrade.storedVersion()
        } catch is WeddingNotFound {
            return nil
        } catch let error as FileStoreError {
            findings.append(Self.finding(for: error, at: folder.meta))
            switch error {
            case .newerSchema, .missingMigration: return nil
            default: return schema.version
            }
        } catch {
            // meta.json does not decode: the rest is still worth reading as this build's shape.
            findings.append(Self.finding(for: error, at: folder.meta))
            return schema.version
        }
    }

    /// Every document's stored file: there, private, and still hashing to its name (each
    /// content checked once, however many documents share it).
    private func documentFindings(_ documents: [Document]) -> [StoreFinding] {
        guard Disk.exists(folder.documents) else {
            return documents.map { .missingDocument(path: files.path(of: $0.sha256), id: $0.id, title: $0.title) }
        }
        var findings = PathRules(path: folder.documents, needs: .folder, isPrivate: true).check()
        guard !Disk.isSymbolicLink(folder.documents) else { return findings }
        var states: [String: DocumentFiles.State] = [:]
        for document in documents {
            let path = files.path(of: document.sha256)
            if states[document.sha256] == nil {
                findings += PathRules(path: path, needs: .read, isPrivate: true).check()
                states[document.sha256] = files.check(document.sha256)
            }
            switch states[document.sha256]! {
            case .intact: break
            case .missing: findings.append(.missingDocument(path: path, id: document.id, title: document.title))
            case .altered: findings.append(.alteredDocument(path: path, id: document.id, title: document.title))
            case .unreadable(let code?): findings.append(.cannotRead(path: path, errno: code))
            case .unreadable(nil): findings.append(.notARegularFile(path: path))
            }
        }
        return findings
    }

    private var files: DocumentFiles { DocumentFiles(folder: folder.documents) }

    /// Copies of damaged files the store set aside on earlier opens.
    private func setAsideFiles() -> [StoreFinding] {
        let names = (try? Disk.names(in: folder.path)) ?? []
        return names.filter { $0.contains(".corrupt-") }.sorted().map { .setAside(path: folder.path + "/" + $0) }
    }

    /// What an error met while reading `path` means, in the store's terms.
    static func finding(for error: any Error, at path: String) -> StoreFinding {
        switch error {
        case let unreadable as UnreadableFile:
            return .unreadable(path: unreadable.path, line: unreadable.line, reason: unreadable.reason)
        case let FileStoreError.missingFile(missing):
            return .missingFile(path: missing)
        case let FileStoreError.newerSchema(path, found, supported):
            return .newerSchema(path: path, found: found, supported: supported)
        case let FileStoreError.missingMigration(path, version):
            return .missingMigration(path: path, fromVersion: version)
        case let FileStoreError.folderMismatch(path, holds):
            return .folderMismatch(path: path, holds: holds)
        case let FileStoreError.system(_, failedPath, code):
            return .cannotRead(path: failedPath, errno: code)
        case let FileStoreError.symbolicLink(linked):
            return .symbolicLink(path: linked)
        case let FileStoreError.notARegularFile(other):
            return .notARegularFile(path: other)
        default:
            return .unreadable(path: path, line: nil, reason: "\(error)")
        }
    }
}
