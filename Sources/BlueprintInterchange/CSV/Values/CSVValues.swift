import BlueprintDomain
import Foundation

/// Parsers for the cells that are not free text. Surrounding spaces are ignored; free text
/// (names, notes, addresses) is kept exactly as typed and never passes through here.
enum CSVValues {
    static func trimmed(_ text: String) -> String {
        // Most cells have nothing to trim; checking the ends first skips Foundation's slower trim.
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last) else { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// A whole number, or `nil` for a blank cell. Range checks are the domain validators' job.
    static func wholeNumber(_ text: String) throws(CSVValueError) -> Int? {
        let text = trimmed(text)
        guard !text.isEmpty else { return nil }
        guard let number = Int(text) else { throw CSVValueError("'\(text)' is not a whole number") }
        return number
    }

    /// An amount in the wedding's currency (`1234.5`, `$1,234.50`, `USD 1,234`).
    static func money(_ text: String, in currency: Currency) throws(CSVValueError) -> Money {
        do {
            return try currency.parse(text)
        } catch {
            throw CSVValueError(error.description)
        }
    }

    /// An amount, or `nil` for a blank cell.
    static func optionalMoney(_ text: String, in currency: Currency) throws(CSVValueError) -> Money? {
        trimmed(text).isEmpty ? nil : try money(text, in: currency)
    }

    /// A date, or `nil` for a blank cell.
    ///
    /// `yyyy-MM-dd` is the format. Dates with slashes (`MM/dd/yyyy` or `dd/MM/yyyy`) are accepted
    /// only when one reading is a real date and the other is not or is the same day
    /// (`04/25/2026`, `25/04/2026`, `05/05/2026`); `04/05/2026` could be either and is refused.
    static func date(_ text: String) throws(CSVValueError) -> CalendarDate? {
        let text = trimmed(text)
        guard !text.isEmpty else { return nil }
        if let date = CalendarDate(iso: text) { return date }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let first = Int(parts[0]), let second = Int(parts[1]), let year = Int(parts[2]) else {
            throw CSVValueError("'\(text)' is not a date (use yyyy-MM-dd, such as 2026-09-12)")
        }
        let readings = Set([CalendarDate(year: year, month: first, day: second),
                            CalendarDate(year: year, month: second, day: first)].compactMap { $0 })
        switch readings.count {
        case 1: return readings.first
        case 0: throw CSVValueError("'\(text)' is not a date (use yyyy-MM-dd, such as 2026-09-12)")
        default:
            let options = readings.sorted().map(\.description).joined(separator: " or ")
            throw CSVValueError("'\(text)' could be \(options); write it as yyyy-MM-dd")
        }
    }

}
