import BlueprintDomain
import Glibc
import Foundation

/// Each record's searchable text, folded once and kept while the record is unchanged, so that
/// type-to-filter and search fold only the query on each key instead of every field of every
/// record. (Folding with Foundation costs about 2 µs a field; at 10k guests, folding every
/// field per key took some 300 ms.)
///
/// It matches exactly what the domain's `TextQuery` matches: text is folded the same way
/// (`TextFolding`), and fields are joined with U+0000, which `TextQuery` leaves out of queries,
/// so a match never spans two fields.
struct FoldedTextIndex<Row: TextSearchable> {
    /// The hash of each row as last folded, to notice which changed (not the rows themselves:
    /// the store holds the one copy of its records). Two versions of a row hash alike once in 2^64.
    private var foldedHashes: [UUID: Int] = [:]
    /// Kept apart from the rows so a match looks up only the bytes (copying a row out of the
    /// dictionary for every row of every keystroke cost more than the search itself).
    private var texts: [UUID: FoldedBytes] = [:]

    /// Folds the rows not seen before or changed since, and forgets rows no longer given.
    mutating func refresh(_ rows: some Collection<Row>) {
        var refreshedHashes: [UUID: Int] = [:], refreshedTexts: [UUID: FoldedBytes] = [:]
        refreshedHashes.reserveCapacity(rows.count)
        refreshedTexts.reserveCapacity(rows.count)
        for row in rows {
            let hash = row.hashValue
            refreshedHashes[row.id] = hash
            if let known = texts[row.id], foldedHashes[row.id] == hash {
                refreshedTexts[row.id] = known
            } else {
                refreshedTexts[row.id] = Self.foldedText(of: row)
            }
        }
        foldedHashes = refreshedHashes
        texts = refreshedTexts
    }

    /// Folds `row` (a new record, or a new version of one).
    mutating func fold(_ row: Row) {
        foldedHashes[row.id] = row.hashValue
        texts[row.id] = Self.foldedText(of: row)
    }

    /// Forgets the row with `id`.
    mutating func forget(_ id: UUID) {
        foldedHashes[id] = nil
        texts[id] = nil
    }

    /// The folded text of `row`: kept if the row is unchanged since it was folded, else folded now.
    func text(of row: Row) -> FoldedBytes {
        if let known = texts[row.id], foldedHashes[row.id] == row.hashValue { return known }
        return Self.foldedText(of: row)
    }

    private static func foldedText(of row: Row) -> FoldedBytes {
        FoldedBytes(row.searchFields.map(TextFolding.fold).joined(separator: TextFolding.fieldSeparator))
    }

    /// The folded text of each row of `ids` (refreshed before), in their order: searching these,
    /// with `FoldedBytes.contains` and a query folded by `TextFolding.foldQuery`, touches no row.
    func texts(of ids: [UUID]) -> [FoldedBytes] {
        ids.map { texts[$0] ?? FoldedBytes("") }
    }
}

/// Folded text as UTF-8 bytes, searched byte-wise. `String.contains` compares by characters and
/// cost a few microseconds a row on Linux, too slow for a keystroke over 10k rows; a byte search
/// finds the same matches, because UTF-8 is self-synchronising (a whole encoded query can only
/// match where a character starts) and both sides were folded the same way.
struct FoldedBytes: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }

    var isEmpty: Bool { bytes.isEmpty }

    func contains(_ needle: FoldedBytes) -> Bool {
        let count = needle.bytes.count
        guard count > 0 else { return true }
        guard count <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.bytes.withUnsafeBufferPointer { wanted in
                let first = wanted[0], lastStart = haystack.count - count
                var start = 0
                while start <= lastStart {
                    guard let found = memchr(haystack.baseAddress! + start, Int32(first), lastStart - start + 1) else {
                        return false
                    }
                    let offset = haystack.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(haystack.baseAddress! + offset, wanted.baseAddress!, count) == 0 { return true }
                    start = offset + 1
                }
                return false
            }
        }
    }
}

/// How `TextQuery` prepares text before comparing: case and accents folded away, surrounding
/// spaces trimmed. ASCII text, the common case, takes a fast path with the same result.
enum TextFolding {
    /// Joins a record's folded fields; `foldQuery` leaves it out of queries.
    static let fieldSeparator = "\u{0}"

    /// A query as `TextQuery` keeps it: folded, without U+0000.
    static func foldQuery(_ text: String) -> String {
        fold(text.filter { $0 != "\u{0}" })
    }

    static func fold(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .trimmingCharacters(in: .whitespaces)
        }
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        let lowered = bytes[first...last].map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        return String(decoding: lowered, as: UTF8.self)
    }
}
