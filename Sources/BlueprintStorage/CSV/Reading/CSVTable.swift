import CSV
import Foundation

/// A CSV file split into its header and records, each field tagged with the physical line it
/// starts on.
///
/// Parsing (RFC 4180 quoting, embedded commas, quotes and line breaks, CRLF/LF/CR line ends) is
/// yaslab's `CSVReader`. It does not report where a record starts or notice invalid UTF-8 (its
/// string input is already decoded, and its stream input stops silently at a bad byte), so this
/// wrapper validates the bytes first and recovers line numbers by counting the line breaks the
/// reader kept inside quoted fields: a record ends at exactly one line break, and every other
/// physical line break of the record is still in one of its fields.
struct CSVTable {
    let header: [String]
    /// The physical line of the header row.
    let headerLine: Int
    /// The records after the header; blank lines and rows of empty cells are left out.
    let rows: [CSVRow]
    /// A quoting mistake the reader would have garbled silently.
    let quoting: QuotingCheck.Finding?

    /// Reads UTF-8 bytes, with or without a byte-order mark, reporting `.reading` progress in lines.
    /// - Throws: a problem naming the line and byte offset of invalid UTF-8, or saying the file is empty.
    static func read(_ data: Data, progress: CSVProgressReporter = CSVProgressReporter(handler: nil)) throws(CSVImportProblem) -> CSVTable {
        let text = try decode(data)
        // The string initialiser only throws when asked to read a header row.
        guard let reader = try? CSVReader(string: text) else {
            throw CSVImportProblem(line: nil, column: nil, message: "the file could not be read as CSV")
        }
        let lines = progress.isActive ? lineCount(text) : 0
        var header: (fields: [String], line: Int)?
        var rows: [CSVRow] = []
        var line = 1
        var records = 0
        while let fields = reader.next() {
            records += 1
            progress.report(.reading, done: min(line - 1, lines), total: lines, step: records)
            var fieldLines: [Int] = []
            fieldLines.reserveCapacity(fields.count)
            var fieldLine = line
            for field in fields {
                fieldLines.append(fieldLine)
                fieldLine += LineBreaks.count(in: field)
            }
            // Blank lines, and rows of empty cells that spreadsheets leave below the data.
            let isBlank = fields.allSatisfy(\.isEmpty)
            if !isBlank {
                if header == nil {
                    header = (fields, line)
                } else {
                    rows.append(CSVRow(fields: fields, fieldLines: fieldLines))
                }
            }
            line = fieldLine + 1
        }
        progress.report(.reading, done: lines, total: lines)
        guard let header else {
            throw CSVImportProblem(line: nil, column: nil, message: "the file is empty; it needs a header row naming its columns")
        }
        return CSVTable(header: header.fields, headerLine: header.line, rows: rows, quoting: QuotingCheck.check(text))
    }

    /// Physical lines in `text`: a last line without a line break counts too.
    private static func lineCount(_ text: String) -> Int {
        let breaks = LineBreaks.count(in: text.utf8)
        guard let last = text.utf8.last else { return 0 }
        return last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") ? breaks : breaks + 1
    }

    private static func decode(_ data: Data) throws(CSVImportProblem) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw CSVImportProblem(line: 1, column: nil, message: "the file is UTF-16; save it as UTF-8")
        }
        // Text never holds NUL; UTF-16 has one beside every ASCII letter, and is valid UTF-8 then.
        if let nul = bytes.firstIndex(of: 0) {
            throw CSVImportProblem(line: 1 + LineBreaks.count(in: bytes[..<nul]), column: nil,
                                   message: "the file has NUL bytes, so it is probably UTF-16 (without a byte-order mark); save it as UTF-8")
        }
        let text = bytes.withUnsafeBytes { String(validating: $0.bindMemory(to: UInt8.self), as: UTF8.self) }
        if let text { return text }
        let invalid = InvalidUTF8.find(in: bytes)
        let offset = invalid.firstOffset + (data.count - bytes.count)
        let line = 1 + LineBreaks.count(in: bytes.prefix(invalid.firstOffset))
        let value = bytes[bytes.startIndex + invalid.firstOffset]
        let byte = "0x" + String(value, radix: 16, uppercase: true)
        let more = invalid.count > 1 ? " (and \(invalid.count - 1) more)" : ""
        // 0xA0–0xFF are the same letters in Latin-1 and Windows-1252, the usual non-UTF-8 exports.
        guard value >= 0xA0 else {
            throw CSVImportProblem(line: line, column: nil,
                                   message: "invalid UTF-8 at byte offset \(offset) (\(byte))\(more); save the file as UTF-8")
        }
        let letter = Character(Unicode.Scalar(value))
        throw CSVImportProblem(line: line, column: nil,
                               message: "invalid UTF-8 at byte offset \(offset) (\(byte), '\(letter)' in Latin-1)\(more): "
                                   + "the file is probably Latin-1 or Windows-1252; save it as UTF-8")
    }
}

/// One record of a CSV file.
struct CSVRow {
    let fields: [String]
    /// The physical line (1-based) each field starts on.
    let fieldLines: [Int]

    /// The physical line the record starts on.
    var line: Int { fieldLines[0] }
}

/// Counts physical line breaks: CRLF, LF and a lone CR each end one line.
enum LineBreaks {
    /// The line breaks in one field; most fields have none, found by `memchr` without a Swift loop.
    static func count(in field: String) -> Int {
        var field = field
        return field.withUTF8 { buffer in
            guard let base = buffer.baseAddress,
                  memchr(base, Int32(UInt8(ascii: "\n")), buffer.count) != nil
                    || memchr(base, Int32(UInt8(ascii: "\r")), buffer.count) != nil else { return 0 }
            return count(in: buffer)
        }
    }

    static func count(in bytes: some Sequence<UInt8>) -> Int {
        var count = 0
        var afterCR = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                if !afterCR { count += 1 }
                afterCR = false
            case UInt8(ascii: "\r"):
                count += 1
                afterCR = true
            default:
                afterCR = false
            }
        }
        return count
    }
}

/// Where bytes stop being UTF-8; the standard library's validation only answers yes or no.
enum InvalidUTF8 {
    /// The offset of the first invalid sequence and how many there are; call only on invalid input.
    static func find(in bytes: some Collection<UInt8>) -> (firstOffset: Int, count: Int) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var first: Int?
        var count = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .error(let length):
                first = first ?? offset
                count += 1
                offset += length
            case .emptyInput:
                return (first ?? offset, count)
            }
        }
    }
}
