import CSV
import Foundation

/// A CSV file's bytes, checked before any row is read: UTF-8 (a byte-order mark is allowed),
/// not UTF-16, and quoted so the reader cannot garble it. The bytes are checked where they are,
/// never decoded into a second copy; `rows(progress:)` then reads the records one at a time.
struct CSVFile {
    /// The bytes after any byte-order mark.
    private let text: Data
    /// Physical lines in the file: the total for progress, and at least the number of records.
    let lineCount: Int
    /// A quoting mistake the reader would have garbled silently.
    let quoting: QuotingCheck.Finding?

    /// Checks `data` and counts its lines.
    /// - Throws: a problem naming the line and byte offset of invalid UTF-8, or saying the file is UTF-16.
    init(checking data: Data) throws(CSVImportProblem) {
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
        let checked = bytes.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            return (valid: Self.isUTF8(buffer), quoting: QuotingCheck.check(buffer),
                    lines: Self.lineCount(buffer))
        }
        guard checked.valid else { throw Self.invalidUTF8(in: bytes, bomLength: data.count - bytes.count) }
        text = bytes
        lineCount = checked.lines
        quoting = checked.quoting
    }

    /// The records, read one at a time, reporting `.reading` progress in lines.
    func rows(progress: CSVProgressReporter) throws(CSVImportProblem) -> CSVRowReader {
        try CSVRowReader(stream: BytesInputStream(text), lines: lineCount, progress: progress)
    }

    /// Bytes validated this many at a time, so the check allocates one chunk, not a copy of the file.
    static let chunk = 1 << 20

    /// Whether `bytes` are UTF-8, checked chunk by chunk; a chunk never ends inside a character.
    private static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < bytes.count {
            var end = min(start + chunk, bytes.count)
            // Back up to the first byte of a character (continuation bytes are 10xxxxxx).
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            guard end > start,
                  String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) != nil else { return false }
            start = end
        }
        return true
    }

    /// Physical lines in `bytes`: a last line without a line break counts too.
    private static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let breaks = LineBreaks.count(in: bytes)
        guard let last = bytes.last else { return 0 }
        return last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") ? breaks : breaks + 1
    }

    /// Where `bytes` (which follow a byte-order mark of `bomLength` bytes) stop being UTF-8.
    private static func invalidUTF8(in bytes: Data, bomLength: Int) -> CSVImportProblem {
        let invalid = InvalidUTF8.find(in: bytes)
        let offset = invalid.firstOffset + bomLength
        let line = 1 + LineBreaks.count(in: bytes.prefix(invalid.firstOffset))
        let value = bytes[bytes.startIndex + invalid.firstOffset]
        let byte = "0x" + String(value, radix: 16, uppercase: true)
        let more = invalid.count > 1 ? " (and \(invalid.count - 1) more)" : ""
        // 0xA0–0xFF are the same letters in Latin-1 and Windows-1252, the usual non-UTF-8 exports.
        guard value >= 0xA0 else {
            return CSVImportProblem(line: line, column: nil,
                                    message: "invalid UTF-8 at byte offset \(offset) (\(byte))\(more); save the file as UTF-8")
        }
        let letter = Character(Unicode.Scalar(value))
        return CSVImportProblem(line: line, column: nil,
                                message: "invalid UTF-8 at byte offset \(offset) (\(byte), '\(letter)' in Latin-1)\(more): "
                                    + "the file is probably Latin-1 or Windows-1252; save it as UTF-8")
    }
}

/// The records of a CSV file, handed out one at a time (blank lines and rows of empty cells are
/// left out), each field tagged with the physical line it starts on. Only the reader's buffer
/// and the record being read are held, never the rows before it.
///
/// Parsing (RFC 4180 quoting, embedded commas, quotes and line breaks, CRLF/LF/CR line ends) is
/// yaslab's `CSVReader`, reading a stream. It does not report where a record starts or notice
/// invalid UTF-8 (its stream input stops silently at a bad byte), so the bytes are checked first
/// (`CSVFile`) and line numbers are recovered by counting the line breaks the reader kept inside
/// quoted fields: a record ends at exactly one line break, and every other physical line break of
/// the record is still in one of its fields.
final class CSVRowReader: IteratorProtocol {
    private let reader: CSVReader
    private let progress: CSVProgressReporter
    /// Physical lines in the file, for progress.
    private let lines: Int
    /// The physical line the next record starts on.
    private var line = 1
    /// Records read so far, blank ones included.
    private var records = 0

    init(stream: InputStream, lines: Int, progress: CSVProgressReporter) throws(CSVImportProblem) {
        // The stream initialiser only throws when the stream cannot be opened or read.
        guard let reader = try? CSVReader(stream: stream) else {
            throw CSVImportProblem(line: nil, column: nil, message: "the file could not be read as CSV")
        }
        self.reader = reader
        self.lines = lines
        self.progress = progress
    }

    /// The next record with a non-empty cell, or `nil` at the end of the file.
    func next() -> CSVRow? {
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
            line = fieldLine + 1
            // Blank lines, and rows of empty cells that spreadsheets leave below the data.
            if !fields.allSatisfy(\.isEmpty) { return CSVRow(fields: fields, fieldLines: fieldLines) }
        }
        return nil
    }

    /// Reports reading done: at the end of the file, or when the import stops early.
    func finish() {
        progress.report(.reading, done: lines, total: lines)
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

/// A stream over bytes already in memory, without the copy `InputStream(data:)` makes of them.
final class BytesInputStream: InputStream {
    private let bytes: Data
    private var position: Int
    private var status = Stream.Status.notOpen

    init(_ bytes: Data) {
        self.bytes = bytes
        position = bytes.startIndex
        super.init(data: Data())
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { nil }
    override var hasBytesAvailable: Bool { position < bytes.endIndex }

    override func open() { status = .open }
    override func close() { status = .closed }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        let count = min(maxLength, bytes.endIndex - position)
        bytes.copyBytes(to: buffer, from: position..<position + count)
        position += count
        if position == bytes.endIndex { status = .atEnd }
        return count
    }
}
