/// A cell's address as spreadsheets write it (`C4`): column letters, then the row number.
enum CellReference {
    /// The zero-based column of `reference` (`A1` → 0, `AA7` → 26), or `nil` if it has no letters.
    static func column(of reference: String) -> Int? {
        var column = 0
        var letters = 0
        for scalar in reference.unicodeScalars {
            switch scalar.value {
            case 65...90: column = column * 26 + Int(scalar.value - 64)
            case 97...122: column = column * 26 + Int(scalar.value - 96)
            default: return letters == 0 || letters > 3 ? nil : column - 1
            }
            letters += 1
        }
        return nil
    }

    /// The row number (1-based) of `reference`, or `nil` if it has none.
    static func row(of reference: String) -> Int? {
        Int(String(reference.unicodeScalars.drop { !("0"..."9").contains($0) }))
    }

    /// The letters of the zero-based `column` (0 → `A`, 26 → `AA`).
    static func letters(of column: Int) -> String {
        var column = column + 1
        var letters: [Character] = []
        while column > 0 {
            let remainder = (column - 1) % 26
            letters.insert(Character(Unicode.Scalar(UInt8(65 + remainder))), at: 0)
            column = (column - 1) / 26
        }
        return String(letters)
    }
}
