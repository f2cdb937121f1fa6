/// Checks the quoting of a CSV file's bytes before `CSVReader` sees them.
///
/// The reader silently garbles two malformed shapes: text after a closing quote (`"ab"c` reads as
/// `ab"` and swallows the rest of the line) and a quoted field that never closes (it swallows the
/// rest of the file). Both are reported here with the line they start on, so a bad file is
/// refused instead of imported wrongly. A quote inside an unquoted field (`Bob "Bobby" Smith`)
/// is fine: the reader keeps it as written, as spreadsheets do.
enum QuotingCheck {
    /// A quoting mistake and how it relates to the row checks that run later.
    struct Finding {
        let problem: CSVImportProblem
        /// Text after a closing quote garbles the row, so this replaces whatever the row check says
        /// about that line; an unclosed quote is only reported where the row check found nothing.
        let supersedesRowProblems: Bool
    }

    /// The first quoting mistake in `text` (UTF-8), if any (later ones are usually its consequences).
    static func check(_ text: UnsafeBufferPointer<UInt8>) -> Finding? {
        enum State { case fieldStart, unquoted, quoted, afterClosingQuote }
        var state = State.fieldStart
        var line = 1
        var quotedFieldLine = 1
        var previousWasCarriageReturn = false
        var bytes = text.makeIterator()
        var pending: UInt8?
        func next() -> UInt8? {
            if let byte = pending {
                pending = nil
                return byte
            }
            return bytes.next()
        }
        while let byte = next() {
            let isLineFeed = byte == UInt8(ascii: "\n"), isCarriageReturn = byte == UInt8(ascii: "\r")
            if isCarriageReturn || (isLineFeed && !previousWasCarriageReturn) { line += 1 }
            previousWasCarriageReturn = isCarriageReturn
            switch state {
            case .fieldStart, .unquoted:
                if byte == UInt8(ascii: "\""), state == .fieldStart {
                    state = .quoted
                    quotedFieldLine = line
                } else if byte == UInt8(ascii: ",") || isLineFeed || isCarriageReturn {
                    state = .fieldStart
                } else {
                    state = .unquoted
                }
            case .quoted:
                guard byte == UInt8(ascii: "\"") else { continue }
                let following = next()
                if following == UInt8(ascii: "\"") { continue }
                state = .afterClosingQuote
                pending = following
            case .afterClosingQuote:
                guard byte == UInt8(ascii: ",") || isLineFeed || isCarriageReturn else {
                    return Finding(problem: CSVImportProblem(
                        line: line, column: nil,
                        message: "text follows a closing quote; a field that contains quotes must be wrapped in "
                            + "quotes with each inner quote doubled (\"\"like this\"\")"), supersedesRowProblems: true)
                }
                state = .fieldStart
            }
        }
        guard state == .quoted else { return nil }
        return Finding(problem: CSVImportProblem(line: quotedFieldLine, column: nil,
                                                 message: "a quoted field starting here is never closed"),
                       supersedesRowProblems: false)
    }

    /// `problems` with `finding` merged in (see `Finding.supersedesRowProblems`).
    static func merge(_ finding: Finding?, into problems: [CSVImportProblem]) -> [CSVImportProblem] {
        guard let finding else { return problems }
        let sameLine = problems.filter { $0.line == finding.problem.line }
        if !sameLine.isEmpty && !finding.supersedesRowProblems { return problems }
        return problems.filter { $0.line != finding.problem.line } + [finding.problem]
    }
}
