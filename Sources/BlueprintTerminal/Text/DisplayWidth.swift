import CNcursesw

/// Terminal column widths, from `wcwidth` in the user's locale, so layout agrees with ncurses.
///
/// A grapheme cluster is as wide as the sum of its scalars: that is how ncurses places it (a
/// spacing character and the combining marks it carries share a cell).
enum DisplayWidth {
    /// Columns for `scalar`, or nil when the locale cannot print it.
    static func of(_ scalar: Unicode.Scalar) -> Int? {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return 1 }
        TerminalLocale.adopt()
        let width = cn_wcwidth(Int32(bitPattern: scalar.value))
        return width < 0 ? nil : Int(width)
    }

    /// Columns for `character`, or nil when the locale cannot print one of its scalars.
    static func of(_ character: Character) -> Int? {
        var total = 0
        for scalar in character.unicodeScalars {
            guard let width = of(scalar) else { return nil }
            total += width
        }
        return total
    }
}
