import BlueprintDomain
import Foundation
import Glibc

/// `activity.jsonl`: what the transactions of compacted journals did, kept for the activity feed
/// when compaction folds their mutations into the snapshot files.
///
/// Each line is one journal line without its records: `{"activity": …, "at": …, "author": …,
/// "generation": G, "line": K, "operation": …}`, where G and K say which journal line it was (the
/// header is line 1). Compaction appends a journal's lines before it replaces the journal, so a
/// crash in between appends them again at the next compaction: readers keep the first line of
/// each (G, K) and skip a journal line already kept. Only lines ending in a newline count; an
/// appender first cuts off a line a crash left unfinished.
enum ActivityHistory {
    /// A line of the history, and a journal line as the feed reads it.
    struct Line: Codable, Equatable, Sendable {
        var activity: ActivitySummary
        var at: Timestamp
        var author: String?
        var generation: Int
        var line: Int
        var operation: String

        var entry: ActivityEntry { ActivityEntry(at: at, author: author, operation: operation, summary: activity) }
    }

    /// Appends `lines` (what a journal's lines did) to the history at `path`, and waits until it
    /// is on disk. The caller holds the wedding's exclusive lock.
    static func append(_ lines: [Line], to path: String, encoder: StoreJSONEncoder) throws {
        guard !lines.isEmpty else { return }
        var text = Data()
        for line in lines {
            text.append(try encoder.encode(line))
            text.append(UInt8(ascii: "\n"))
        }
        let created = !Disk.exists(path)
        let descriptor = try Disk.open(path, O_RDWR | O_CREAT)
        defer { close(descriptor) }
        let end = try completeLength(of: descriptor, path: path)
        try Disk.call("truncate", path) { ftruncate(descriptor, off_t(end)) }
        try Disk.write(text, to: descriptor, path: path, at: end)
        try Disk.sync(descriptor, path: path)
        if created { try Disk.syncDirectory(PathName.folder(of: path)) }
    }

    /// Every transaction the history at `path` and then the journal at `journal` hold, oldest
    /// first, each once. A line that does not decode is passed over and counted in `unreadable`.
    static func entries(history path: String, journal: String) throws -> (entries: [ActivityEntry], unreadable: Int) {
        var seen: Set<LineID> = []
        var entries: [ActivityEntry] = []
        var unreadable = 0
        if let data = try Disk.read(path) {
            let decoder = StoreJSONDecoder()
            for text in completeLines(of: data) {
                guard let line = try? decoder.decode(Line.self, from: text) else {
                    unreadable += 1
                    continue
                }
                if seen.insert(LineID(generation: line.generation, line: line.line)).inserted { entries.append(line.entry) }
            }
        }
        for line in try journalLines(journal) where seen.insert(LineID(generation: line.generation, line: line.line)).inserted {
            entries.append(line.entry)
        }
        return (entries, unreadable)
    }

    /// The complete lines of the journal at `path`, read without their records, up to the first
    /// that does not decode (which opening the wedding sets aside); a line written before
    /// summaries were (an older build's) is counted from its mutations.
    static func journalLines(_ path: String) throws -> [Line] {
        guard let data = try Disk.read(path) else { return [] }
        let decoder = StoreJSONDecoder()
        var lines = completeLines(of: data)[...]
        guard let headerText = lines.popFirst() else { return [] }
        let header = try decoder.decode(JournalHeader.self, from: headerText)
        var found: [Line] = []
        for (index, text) in lines.enumerated() {
            guard let head = try? decoder.decode(JournalLineHead.self, from: text) else { break }
            found.append(Line(activity: head.activity ?? head.counted, at: head.at, author: head.author,
                              generation: header.generation, line: index + 2, operation: head.operation))
        }
        return found
    }

    private struct LineID: Hashable {
        let generation: Int
        let line: Int
    }

    /// The lines of `data` that end in a newline (without it).
    private static func completeLines(of data: Data) -> [Data] {
        var lines: [Data] = []
        var start = data.startIndex
        while let newline = data[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if newline > start { lines.append(data[start..<newline]) }
            start = newline + 1
        }
        return lines
    }

    /// The length of the file's complete lines: where an unfinished last line begins.
    private static func completeLength(of descriptor: Int32, path: String) throws -> Int {
        let size = try Disk.size(of: descriptor, path: path)
        guard size > 0 else { return 0 }
        let tailStart = max(0, size - (1 << 20))
        let tail = try Disk.read(descriptor, path: path, from: tailStart, count: size - tailStart)
        guard let lastNewline = tail.lastIndex(of: UInt8(ascii: "\n")) else { return tailStart }
        return tailStart + (lastNewline - tail.startIndex) + 1
    }
}

/// A journal line without its records: what the activity feed needs of it.
private struct JournalLineHead: Decodable {
    var at: Timestamp
    var author: String?
    var operation: String
    var activity: ActivitySummary?
    var mutations: [MutationHead]

    struct MutationHead: Decodable {
        var kind: RecordKind
        var op: String
        var record: VersionHead?
    }

    struct VersionHead: Decodable {
        var version: Int
    }

    /// The mutations counted: a record saved at version 1 was added.
    var counted: ActivitySummary {
        var summary = ActivitySummary()
        for mutation in mutations {
            summary.count(mutation.kind, ActivityWrite(storedVersion: mutation.op == "delete" ? nil : mutation.record?.version ?? 0))
        }
        return summary
    }
}
