import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Glibc
import Testing

@Suite("Inspecting a data directory reads everything and changes nothing")
struct InspectionTests {
    @Test func aHealthyWeddingHasNoFindingsAndCountsWhatTheJournalAdds() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: store)
        let before = try DiskState(directory.scratch)

        let report = await StoreInspector.inspect(root: directory.root)

        #expect(report.rootExists)
        #expect(report.allFindings.isEmpty, "\(report.allFindings)")
        let inspection = try #require(report.weddings.first)
        #expect(report.weddings.count == 1)
        #expect(inspection.id == wedding)
        #expect(inspection.name == "Ana & Ben")
        #expect(inspection.journalEntries == 3)
        #expect(inspection.counts?.guests == 3)
        #expect(inspection.lock?.readUnderLock == true)
        #expect(inspection.lock?.holders == [])
        #expect(try DiskState(directory.scratch) == before)
    }

    @Test("records the planner would refuse (an amount beyond the limit, a plus-one on a guest who may bring none) are named with their field")
    func recordsThePlannerRefusesAreNamed() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let venue = BudgetCategory(name: "Venue", createdAt: Fixtures.now)
        _ = try await store.write(wedding, operation: "add") { transaction in
            try transaction.insert(venue)
            try transaction.insert(Expense(name: "Hall", categoryID: venue.id, amount: Money(minorUnits: 424_242), createdAt: Fixtures.now))
            try transaction.insert(Guest(firstName: "Ana", lastName: "Ruiz", plusOneAllowed: true, plusOneName: "Sam",
                                         createdAt: Fixtures.now))
        }
        await store.close()
        // Another program writes what the planner refuses, wherever the store keeps the records.
        for name in ["journal.jsonl", "budget.json", "guests.json"] {
            let path = directory.file(name, of: wedding)
            guard var text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            text = text.replacingOccurrences(of: "424242", with: "999999999999999")
            text = text.replacingOccurrences(of: #""plusOneAllowed"\s*:\s*true"#, with: #""plusOneAllowed" : false"#,
                                             options: .regularExpression)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        let report = await StoreInspector.inspect(root: directory.root)

        let inspection = try #require(report.weddings.first)
        #expect(inspection.recordProblems == [
            "expense 'Hall' amount is \(Money.beyondLimit)",
            "guest 'Ana Ruiz' plusOneName: no plus-one is allowed, so the plus-one cannot be named",
        ])
    }

    @Test func corruptSnapshotsAreEachReportedWithPathAndLineAndKeptInPlace() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...2, to: wedding, in: store)
        await store.close()
        let guests = directory.file("guests.json", of: wedding), vendors = directory.file("vendors.json", of: wedding)
        try Data(#"{"journalGeneration": 1, "guests": [{"firstName": "#.utf8).write(to: URL(fileURLWithPath: guests))
        try Data("{\n  \"journalGeneration\": 1,\n  \"vendors\": 7\n}\n".utf8).write(to: URL(fileURLWithPath: vendors))
        let before = try DiskState(directory.scratch)

        let report = await StoreInspector.inspect(root: directory.root)

        let findings = try #require(report.weddings.first).findings
        #expect(findings.count == 2, "\(findings)")
        guard case let .unreadable(guestsPath, guestsLine, _)? = findings.first,
              case let .unreadable(vendorsPath, vendorsLine, _)? = findings.last else {
            Issue.record("expected two unreadable files, got \(findings)")
            return
        }
        #expect(guestsPath == guests && guestsLine == 1)
        #expect(vendorsPath == vendors && vendorsLine == 3)
        #expect(report.weddings.first?.counts == nil, "no figures from a wedding that would not open whole")
        #expect(report.weddings.first?.name == "Ana & Ben")
        #expect(try DiskState(directory.scratch) == before, "nothing moved aside, nothing rewritten")
    }

    @Test func aTornJournalTailIsReportedAndLeftForTheNextWriter() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...2, to: wedding, in: store)
        let journal = directory.file("journal.jsonl", of: wedding)
        let tail = Data(#"{"at":"2026-11-21T05:12:39.123Z","mutations":[{"kind":"gu"#.utf8)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal))
        try handle.seekToEnd()
        try handle.write(contentsOf: tail)
        try handle.close()
        let before = try DiskState(directory.scratch)

        let report = await StoreInspector.inspect(root: directory.root)

        let inspection = try #require(report.weddings.first)
        #expect(inspection.findings == [.tornJournalTail(path: journal, bytes: tail.count)])
        #expect(inspection.counts?.guests == 2, "the complete lines still count")
        #expect(try DiskState(directory.scratch) == before, "the torn line is still there")
    }

    @Test func aJournalLineThatDoesNotDecodeIsReportedWithItsLineNumber() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: store)
        let journal = directory.file("journal.jsonl", of: wedding)
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = #"{"at": "yesterday", "operation": "add guest", "mutations": []}"#
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: journal))
        let before = try DiskState(directory.scratch)

        let report = await StoreInspector.inspect(root: directory.root)

        let findings = try #require(report.weddings.first).findings
        guard case let .unreadable(path, line, reason)? = findings.first, findings.count == 1 else {
            Issue.record("expected one unreadable journal, got \(findings)")
            return
        }
        #expect(path == journal && line == 3)
        #expect(reason.contains("yesterday"))
        #expect(try DiskState(directory.scratch) == before)
    }

    @Test func aFolderWhereAFileShouldBeIsReportedOnceAsNotARegularFile() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        await store.close()
        // A folder where the guest list should be: refused before any read, for root too.
        let guests = directory.file("guests.json", of: wedding)
        try FileManager.default.removeItem(atPath: guests)
        try FileManager.default.createDirectory(atPath: guests, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        let before = try DiskState(directory.scratch)

        let report = await StoreInspector.inspect(root: directory.root)

        #expect(report.weddings.first?.findings == [.notARegularFile(path: guests)])
        #expect(try DiskState(directory.scratch) == before)
    }

    @Test func filesTheStoreSetAsideEarlierAreListed() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        await store.close()
        let guests = directory.file("guests.json", of: wedding)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: guests))
        let corrupt = await #expect(throws: FileStoreError.self) { try await directory.openStore().read(wedding) { _ in } }
        guard case let .corruptFile(_, _, _, keptAs)? = corrupt else {
            Issue.record("expected the store to set the file aside, got \(String(describing: corrupt))")
            return
        }

        let report = await StoreInspector.inspect(root: directory.root)

        #expect(report.weddings.first?.findings == [.missingTable(path: guests), .setAside(path: keptAs)])
    }

    @Test func whatOpeningWouldRepairIsReportedNotRepaired() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        await store.close()
        let journal = directory.file("journal.jsonl", of: wedding), lock = directory.file("lock", of: wedding)
        try FileManager.default.removeItem(atPath: journal)
        try FileManager.default.removeItem(atPath: lock)
        try Data("{\n".utf8).write(to: URL(fileURLWithPath: directory.root + "/index.json"))
        let before = try DiskState(directory.scratch)

        let report = await StoreInspector.inspect(root: directory.root)

        #expect(report.weddings.first?.findings == [.noJournal(path: journal)])
        #expect(report.weddings.first?.lock == nil, "no lock file, so none was taken (or created)")
        guard case let .unreadable(path, _, _)? = report.findings.first else {
            Issue.record("expected the index to be unreadable, got \(report.findings)")
            return
        }
        #expect(path == directory.root + "/index.json")
        #expect(try DiskState(directory.scratch) == before, "no journal started, no lock file, index not set aside")
    }

    @Test func aNewerSchemaIsReportedAndItsFilesAreNotJudged() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        await store.close()
        let meta = directory.file("meta.json", of: wedding)
        try Data(#"{"format": "blueprint-wedding", "schemaVersion": 9}"#.utf8).write(to: URL(fileURLWithPath: meta))
        try Data("{".utf8).write(to: URL(fileURLWithPath: directory.file("tasks.json", of: wedding)))

        let report = await StoreInspector.inspect(root: directory.root)

        #expect(report.weddings.first?.findings == [.newerSchema(path: meta, found: 9, supported: WeddingSchema.currentVersion)])
    }

    @Test func aWritersLockIsReportedWithItsProcessAndWaitedForOnlySoLong() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        await store.close()
        let lockFile = directory.file("lock", of: wedding)
        let descriptor = open(lockFile, O_RDWR)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)

        let report = await StoreInspector.inspect(root: directory.root, lockWait: .zero)

        let lock = try #require(report.weddings.first?.lock)
        #expect(lock.path == lockFile)
        #expect(!lock.readUnderLock)
        let holder = try #require(lock.holders.first)
        #expect(holder.pid == getpid())
        #expect(holder.exclusive && !holder.waiting)
        #expect(holder.command?.isEmpty == false)
        #expect(report.weddings.first?.findings == [], "the files are still read")
    }

    @Test func leftoversAndStrangersInTheWeddingsFolderAreNamed() async throws {
        let directory = try TemporaryDataDirectory()
        _ = try await Fixtures.storeWithWedding(in: directory)
        let staging = directory.root + "/weddings/.new-\(WeddingID())-abc"
        let stranger = directory.root + "/weddings/notes \u{1B}]0;owned\u{07}"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        try Data().write(to: URL(fileURLWithPath: stranger))
        chmod(staging, 0o700)
        chmod(stranger, 0o600)

        let report = await StoreInspector.inspect(root: directory.root)

        #expect(report.findings == [.unfinishedCreation(path: staging), .unknownEntry(path: stranger)])
        #expect(report.weddings.count == 1)
    }

    @Test func permissionsLooserThanTheStoresAreReported() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        await store.close()
        let guests = directory.file("guests.json", of: wedding), vendors = directory.file("vendors.json", of: wedding)
        chmod(guests, 0o644)
        chmod(vendors, 0o666)
        chmod(directory.root, 0o755)

        let report = await StoreInspector.inspect(root: directory.root)
        #expect(report.findings == [], "others may list the data directory itself")
        #expect(report.weddings.first?.findings == [.readableByOthers(path: guests, mode: 0o644),
                                                     .writableByOthers(path: vendors, mode: 0o666)])

        chmod(directory.root, 0o777)
        let open = await StoreInspector.inspect(root: directory.root)
        #expect(open.findings == [.writableByOthers(path: directory.root, mode: 0o777)])
    }

    @Test func aMissingDataDirectoryIsReportedAsCreatableAndNotCreated() async throws {
        let directory = try TemporaryDataDirectory()
        let root = directory.scratch + "/not/yet"

        let report = await StoreInspector.inspect(root: root)

        #expect(!report.rootExists)
        #expect(report.findings == [.rootMissing(path: root, creatableIn: directory.scratch)])
        #expect(!FileManager.default.fileExists(atPath: directory.scratch + "/not"))
    }
}

/// Every path under a folder with its bytes, modification time and mode: equal before and after
/// means nothing was written, renamed, created or removed.
struct DiskState: Equatable {
    struct Entry: Equatable {
        let bytes: Data?
        let modified: timespec
        let mode: mode_t

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.bytes == rhs.bytes && lhs.mode == rhs.mode
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
        }
    }

    let entries: [String: Entry]

    init(_ folder: String) throws {
        var entries: [String: Entry] = [:]
        func visit(_ path: String) throws {
            var status = stat()
            guard lstat(path, &status) == 0 else { throw CocoaError(.fileReadUnknown) }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            entries[path] = Entry(bytes: isFolder ? nil : FileManager.default.contents(atPath: path),
                                  modified: status.st_mtim, mode: status.st_mode)
            if isFolder {
                for name in try FileManager.default.contentsOfDirectory(atPath: path) { try visit(path + "/" + name) }
            }
        }
        try visit(folder)
        self.entries = entries
    }
}
