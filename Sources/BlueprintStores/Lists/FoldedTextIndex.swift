import BlueprintDomain
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
    private var texts: [UUID: (row: Row, text: String)] = [:]

    /// Folds the rows not seen before or changed since, and forgets rows no longer given.
    mutating func refresh(_ rows: [Row]) {
        var refreshed: [UUID: (row: Row, text: String)] = [:]
        refreshed.reserveCapacity(rows.count)
        for row in rows {
            if let known = texts[row.id], known.row == row {
                refreshed[row.id] = known
            } else {
                refreshed[row.id] = (row, row.searchFields.map(TextFolding.fold).joined(separator: TextFolding.fieldSeparator))
            }
        }
        texts = refreshed
    }

    /// Whether `row` (refreshed before) has a field containing `query`, folded by
    /// `TextFolding.foldQuery`. An empty query matches every row.
    func matches(_ row: Row, folded query: String) -> Bool {
        query.isEmpty || texts[row.id]?.text.contains(query) == true
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
