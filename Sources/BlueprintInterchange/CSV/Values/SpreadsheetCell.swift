/// Keeping spreadsheets from running what strangers typed (OWASP "CSV Injection", CWE-1236).
///
/// A spreadsheet reads a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return as
/// a formula. Export writes such a cell with an apostrophe in front, which spreadsheets take as
/// "this is text" and do not show. A cell that already looks neutralised (apostrophes, then one
/// of those characters) gets one more apostrophe, so `restore` can take off exactly the one
/// `neutralise` added and every text round-trips byte for byte.
enum SpreadsheetCell {
    private static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r", "\r\n"]

    /// The cell to write for `text` in a file meant for spreadsheets.
    static func neutralise(_ text: String) -> String {
        needsPrefix(text) ? "'" + text : text
    }

    /// The text a cell of such a file stands for: undoes `neutralise`, and nothing else.
    static func restore(_ cell: String) -> String {
        cell.first == "'" && needsPrefix(cell.dropFirst()) ? String(cell.dropFirst()) : cell
    }

    /// Whether the text, after any apostrophes it starts with, begins like a formula.
    private static func needsPrefix(_ text: Substring) -> Bool {
        text.drop(while: { $0 == "'" }).first.map(formulaStarts.contains) ?? false
    }

    private static func needsPrefix(_ text: String) -> Bool { needsPrefix(text[...]) }
}
