import Foundation

/// A currency: its ISO-4217 code, how many minor digits it has, and its symbol.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Upper-case ISO-4217 code, such as `USD`.
    public let code: String

    /// Digits after the decimal point: 2 for USD, 0 for JPY, 3 for KWD.
    public var minorDigits: Int { Currency.minorDigitsByCode[code] ?? 2 }

    /// The symbol shown before amounts, or the code when there is no well-known symbol.
    public var symbol: String { Currency.symbolsByCode[code] ?? code + " " }

    /// A three-letter code (any case), or `nil`.
    public init?(code: String) {
        let upper = code.uppercased()
        guard upper.count == 3, upper.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        self.code = upper
    }

    /// A code of the ISO 4217 list (any case), such as `EUR` but not `XYZ`, or `nil`: what a
    /// person may choose. `init(code:)` stays lenient so that stored data always reads back.
    public init?(isoCode: String) {
        guard let currency = Currency(code: isoCode), Currency.isoCodes.contains(currency.code) else { return nil }
        self = currency
    }

    public static let usd = Currency(code: "USD")!

    /// Why `code` is not a currency a person may choose (`nil` when it is one).
    public static func problem(with code: String) -> String? {
        guard Currency(isoCode: code) == nil else { return nil }
        return code.isEmpty ? "a currency is required" : "'\(code)' is not a currency code: ISO 4217, such as USD, EUR or JPY"
    }

    public var description: String { code }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let currency = Currency(code: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a currency code: \(text)"))
        }
        self = currency
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    /// `$1,234.50`, `-$3.00`, `¥1,200`.
    public func format(_ money: Money) -> String {
        let negative = money.minorUnits < 0
        let magnitude = money.minorUnits.magnitude
        var scale: UInt64 = 1
        for _ in 0..<minorDigits { scale *= 10 }
        var whole = String(magnitude / scale)
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole.removeLast(3)
        }
        grouped = whole + grouped
        if minorDigits > 0 {
            let fraction = String(magnitude % scale)
            grouped += "." + String(repeating: "0", count: minorDigits - fraction.count) + fraction
        }
        return (negative ? "-" : "") + symbol + grouped
    }

    /// Amount without symbol or grouping (`1234.50`), for CSV export; `parse` reads it back.
    public func plain(_ money: Money) -> String {
        format(money).replacingOccurrences(of: symbol, with: "").replacingOccurrences(of: ",", with: "")
    }

    /// Parses what people type: `1234.5`, `$1,234.50`, `USD 1234`, `(12.00)` or `-12` for negatives.
    public func parse(_ text: String) throws(MoneyParseError) -> Money {
        var body = text.trimmingCharacters(in: .whitespaces)
        guard !body.isEmpty else { throw .empty }
        var negative = false
        if body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            body = String(body.dropFirst().dropLast())
        }
        if body.hasPrefix("-") {
            guard !negative else { throw .notANumber(text) }
            negative = true
            body.removeFirst()
        }
        let ownSymbol = symbol.trimmingCharacters(in: .whitespaces)
        if body.contains(where: { "$€£¥₹₩".contains($0) && !ownSymbol.contains($0) }) {
            throw .otherCurrency(text, currency: code)
        }
        for marker in [ownSymbol, code, "$"] where marker != "$" || ownSymbol.hasSuffix("$") {
            if body.uppercased().hasPrefix(marker) { body.removeFirst(marker.count) }
            if body.uppercased().hasSuffix(marker) { body.removeLast(marker.count) }
        }
        body = body.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("-") {
            guard !negative else { throw .notANumber(text) }
            negative = true
            body.removeFirst()
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let wholeText = parts.first else { throw .notANumber(text) }
        let fractionText = parts.count == 2 ? String(parts[1]) : ""
        let groups = wholeText.split(separator: ",", omittingEmptySubsequences: false)
        if groups.count > 1, groups.dropFirst().contains(where: { $0.count != 3 }) || !(1...3).contains(groups[0].count) {
            throw .notANumber(text)
        }
        let digits = groups.joined()
        guard !(digits.isEmpty && fractionText.isEmpty),
              (digits + fractionText).allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .notANumber(text) }
        guard fractionText.count <= minorDigits else {
            throw .tooManyMinorDigits(text, allowed: minorDigits, currency: code)
        }
        let padded = fractionText + String(repeating: "0", count: minorDigits - fractionText.count)
        guard digits.count + padded.count <= 17, let units = Int64((digits.isEmpty ? "0" : digits) + padded),
              units <= Money.limit.minorUnits else {
            throw .tooLarge(text)
        }
        return Money(minorUnits: negative ? -units : units)
    }

    /// Foundation's (ICU's) list of ISO 4217 codes.
    private static let isoCodes = Set(Locale.Currency.isoCurrencies.map { $0.identifier.uppercased() })

    /// Foundation's currency list has no minor digits (only a number formatter's locale-dependent
    /// guess), so the ISO 4217 exponents other than 2 are kept here by hand.
    private static let minorDigitsByCode: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
        "RWF": 0, "UGX": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "UYI": 0, "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3, "CLF": 4, "UYW": 4,
    ]

    private static let symbolsByCode: [String: String] = [
        "USD": "$", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "EUR": "€", "GBP": "£", "JPY": "¥",
        "INR": "₹", "KRW": "₩", "CHF": "CHF ", "MXN": "MX$",
    ]
}

/// Why text is not an amount of money; each case says what was typed.
public enum MoneyParseError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case notANumber(String)
    case tooManyMinorDigits(String, allowed: Int, currency: String)
    case tooLarge(String)
    case otherCurrency(String, currency: String)

    public var description: String {
        switch self {
        case .empty: return "an amount is required"
        case .notANumber(let text): return "'\(text)' is not an amount"
        case let .tooManyMinorDigits(text, allowed, currency):
            return "'\(text)' has more than " + CountPhrase.of(allowed, "decimal digit") + " for \(currency)"
        case .tooLarge(let text): return "'\(text)' is \(Money.beyondLimit)"
        case let .otherCurrency(text, currency): return "'\(text)' is not in \(currency)"
        }
    }
}
