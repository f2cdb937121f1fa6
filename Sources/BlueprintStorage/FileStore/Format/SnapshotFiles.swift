import BlueprintDomain
import Foundation

/// One of the files that hold a wedding's records, each as whole tables in table order: the
/// wedding's own file, and the files the record kinds' declarations name
/// (`TableRecord.snapshotPlacement`), several kinds sharing a file where they say so.
///
/// Every file also records `journalGeneration`: the generation of the journal whose changes it
/// already contains. Opening replays a journal's changes only into files older than it, so a
/// crash part-way through rewriting the files (some new, some old) still opens exactly.
struct SnapshotFile: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's name without `.json`: "guests".
    let name: String

    private init(name: String) { self.name = name }

    /// The file that holds the wedding's own settings.
    static let wedding = SnapshotFile(name: "wedding")

    /// Every file, in the order they are read and written: the wedding's, then the tables'
    /// in `WeddingDataset.tableRecordTypes` order.
    static let allCases: [SnapshotFile] = WeddingDataset.tableRecordTypes.reduce(into: [SnapshotFile.wedding]) { files, type in
        let file = SnapshotFile(name: type.snapshotPlacement.file)
        if !files.contains(file) { files.append(file) }
    }

    /// The file that holds records of `kind`.
    init(_ kind: RecordKind) {
        self = WeddingDataset.tableRecordType(of: kind).map { SnapshotFile(name: $0.snapshotPlacement.file) } ?? .wedding
    }

    var fileName: String { name + ".json" }

    var description: String { name }

    /// The kinds of record this file holds, in table order; none for the wedding's file.
    var recordTypes: [any TableRecord.Type] {
        WeddingDataset.tableRecordTypes.filter { $0.snapshotPlacement.file == name }
    }

    static func < (lhs: SnapshotFile, rhs: SnapshotFile) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A member of a snapshot file's object, by name.
private struct SnapshotMember: CodingKey {
    static let generation = SnapshotMember("journalGeneration")
    static let wedding = SnapshotMember("wedding")

    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
}

/// Records read from snapshot files, before they become a `WeddingDataset`.
struct SnapshotParts {
    var wedding: Wedding?
    /// The records of each kind read, as a `RecordTable<R>` under `R.kind`.
    private var tables: [RecordKind: any Sendable] = [:]

    /// Decodes `data` as `file` into these parts with `decoder` and returns the file's journal
    /// generation. A member the file should hold and does not is an error; members it should not hold are
    /// passed over.
    mutating func decode(_ file: SnapshotFile, from data: Data, decoder: StoreJSONDecoder = StoreJSONDecoder()) throws -> Int {
        let (generation, read) = try decoder.decode(from: data) { decoder in
            let content = try decoder.container(keyedBy: SnapshotMember.self)
            let generation = try content.decode(Int.self, forKey: .generation)
            var read = SnapshotParts()
            if file == .wedding { read.wedding = try content.decode(Wedding.self, forKey: .wedding) }
            for type in file.recordTypes { try read.decodeTable(type, from: content) }
            return (generation, read)
        }
        adopt(file, from: read)
        return generation
    }

    private mutating func decodeTable<R: TableRecord>(_ type: R.Type, from content: KeyedDecodingContainer<SnapshotMember>) throws {
        tables[R.kind] = try content.decode(RecordTable<R>.self, forKey: SnapshotMember(R.snapshotPlacement.member))
    }

    /// Takes the records `file` holds from `other` (which decoded that file).
    mutating func adopt(_ file: SnapshotFile, from other: SnapshotParts) {
        if file == .wedding { wedding = other.wedding }
        for type in file.recordTypes { tables[type.kind] = other.tables[type.kind] }
    }

    func dataset(wedding: Wedding) -> WeddingDataset {
        var dataset = WeddingDataset(wedding: wedding)
        for type in WeddingDataset.tableRecordTypes { fill(type, in: &dataset) }
        return dataset
    }

    private func fill<R: TableRecord>(_ type: R.Type, in dataset: inout WeddingDataset) {
        if let records = tables[R.kind] as? RecordTable<R> { dataset[keyPath: R.collection] = records }
    }
}

enum SnapshotEncoding {
    /// Writes the text of `file` for `dataset`, stamped with the journal generation it contains,
    /// to `sink` record by record; returns its size. Members go in the order of their keys.
    @discardableResult
    static func write(_ file: SnapshotFile, of dataset: WeddingDataset, generation: Int,
                      to sink: @escaping JSONObjectStream.Sink) throws -> Int {
        let stream = JSONObjectStream(style: .pretty, into: sink)
        var members: [(key: String, write: () throws -> Void)] = [
            (SnapshotMember.generation.stringValue, { try stream.member(SnapshotMember.generation.stringValue, generation) }),
        ]
        if file == .wedding {
            members.append((SnapshotMember.wedding.stringValue, { try stream.member(SnapshotMember.wedding.stringValue, dataset.wedding) }))
        }
        for type in file.recordTypes { members.append(member(type, of: dataset, in: stream)) }
        for member in members.sorted(by: { $0.key < $1.key }) { try member.write() }
        return try stream.finish()
    }

    private static func member<R: TableRecord>(_ type: R.Type, of dataset: WeddingDataset,
                                               in stream: JSONObjectStream) -> (key: String, write: () throws -> Void) {
        let key = R.snapshotPlacement.member
        return (key, { try stream.member(key, elements: dataset[keyPath: R.collection]) })
    }
}
