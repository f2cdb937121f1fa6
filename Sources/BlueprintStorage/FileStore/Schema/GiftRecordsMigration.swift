import BlueprintDomain
import Foundation

/// Version 3's step: gifts, money owed, budget scenarios and seating get files of their own, and
/// each guest's old "gift received" and "thank-you sent" flags become a gift record, so nothing
/// recorded with the flags is lost.
///
/// The flags are read as the guest list last had them: `guests.json`, then (if that file is
/// older than the journal) the journal's guest lines in order. `gifts.json` is written last,
/// so its presence means the step is done; the old keys left in guests' JSON are passed over
/// when read and dropped at the next compaction.
enum GiftRecordsMigration {
    static let step = SchemaMigration(from: 2) { folder in try run(folder, now: Timestamp(Date())) }

    static func run(_ folder: MigrationFolder, now: Timestamp) throws {
        guard try folder.read(SnapshotFile(.gift).fileName) == nil else { return }
        let journal = try folder.read("journal.jsonl").map(JournalLines.init) ?? JournalLines(generation: 0, lines: [])
        var flags = GuestGiftFlags()
        var guestsGeneration = 0
        if let data = try folder.read(SnapshotFile(.guest).fileName) {
            let file = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            guestsGeneration = file["journalGeneration"] as? Int ?? 0
            for guest in file["guests"] as? [[String: Any]] ?? [] { flags.save(guest) }
        }
        if guestsGeneration < journal.generation {
            for line in journal.lines { flags.apply(line) }
        }
        let gifts = flags.gifts(createdAt: now)
        let encoder = StoreJSON.fileEncoder()
        for (file, content) in [(SnapshotFile(.scenario), EmptyFile.scenarios), (SnapshotFile(.seatingTable), .seating)]
        where try folder.read(file.fileName) == nil {
            try folder.write(try StoreJSON.fileData(content.encoded(generation: journal.generation), encoder), to: file.fileName)
        }
        try folder.write(try StoreJSON.fileData(GiftsFileContent(gifts: gifts, journalGeneration: journal.generation,
                                                                 moneyOwed: []), encoder),
                         to: SnapshotFile(.gift).fileName)
    }
}

/// Each guest's flags, in the guest list's order, as saves and deletions leave them.
private struct GuestGiftFlags {
    private var order: [UUID] = []
    private var flags: [UUID: (received: Bool, thanked: Bool)] = [:]

    mutating func save(_ guest: [String: Any]) {
        guard let id = (guest["id"] as? String).flatMap(UUID.init(uuidString:)) else { return }
        if flags[id] == nil { order.append(id) }
        flags[id] = (guest["giftReceived"] as? Bool ?? false, guest["thankYouSent"] as? Bool ?? false)
    }

    /// Applies one journal line's guest saves and deletions; a line that does not read is left
    /// for the loader to report.
    mutating func apply(_ line: Data) {
        guard let entry = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
              let mutations = entry["mutations"] as? [[String: Any]] else { return }
        for mutation in mutations where mutation["kind"] as? String == RecordKind.guest.rawValue {
            switch mutation["op"] as? String {
            case "save": (mutation["record"] as? [String: Any]).map { save($0) }
            case "delete": (mutation["id"] as? String).flatMap(UUID.init(uuidString:)).map { flags[$0] = nil }
            default: break
            }
        }
    }

    /// A gift for each guest with either flag set.
    func gifts(createdAt: Timestamp) -> [Gift] {
        order.compactMap { id in
            guard let flag = flags[id], flag.received || flag.thanked else { return nil }
            return Gift(guestIDs: [id], thankYouSent: flag.thanked,
                        notes: "Recorded as the guest's gift flag before gifts had records of their own.",
                        createdAt: createdAt)
        }
    }
}

/// The journal's generation and its complete lines (a torn last line is not a line).
private struct JournalLines {
    var generation: Int
    var lines: [Data]

    init(generation: Int, lines: [Data]) {
        self.generation = generation
        self.lines = lines
    }

    init(_ data: Data) {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { Data($0) }
        if data.last != UInt8(ascii: "\n"), !lines.isEmpty { lines.removeLast() }
        let header = lines.first.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        generation = header?["generation"] as? Int ?? 0
        self.lines = Array(lines.dropFirst())
    }
}

private struct GiftsFileContent: Encodable {
    var gifts: [Gift]
    var journalGeneration: Int
    var moneyOwed: [MoneyOwed]
}

/// The files version 3 adds with no records in them.
private enum EmptyFile {
    case scenarios, seating

    private struct Scenarios: Encodable { var journalGeneration: Int; var scenarios: [BudgetScenario] = [] }
    private struct Seating: Encodable { var journalGeneration: Int; var rules: [SeatingRule] = []; var tables: [SeatingTable] = [] }

    func encoded(generation: Int) -> any Encodable {
        switch self {
        case .scenarios: return Scenarios(journalGeneration: generation)
        case .seating: return Seating(journalGeneration: generation)
        }
    }
}
