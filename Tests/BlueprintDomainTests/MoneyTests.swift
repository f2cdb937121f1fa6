import BlueprintDomain
import Foundation
import Testing

@Suite("Money and Currency")
struct MoneyTests {
    static let jpy = Currency(code: "JPY")!
    static let kwd = Currency(code: "KWD")!
    static let eur = Currency(code: "EUR")!

    @Test("formats with the currency's symbol, grouping and minor digits", arguments: [
        (Currency.usd, 123_450, "$1,234.50"), (Currency.usd, 0, "$0.00"), (Currency.usd, 5, "$0.05"),
        (Currency.usd, 99, "$0.99"), (Currency.usd, 100_000, "$1,000.00"), (Currency.usd, 99_999, "$999.99"),
        (Currency.usd, 123_456_789, "$1,234,567.89"), (Currency.usd, -300, "-$3.00"),
        (Currency.usd, -123_456_789, "-$1,234,567.89"), (jpy, 1_200, "¥1,200"), (jpy, 7, "¥7"),
        (jpy, -1_000_000, "-¥1,000,000"), (kwd, 1_234_567, "KWD 1,234.567"), (kwd, 5, "KWD 0.005"),
        (eur, 1_050, "€10.50"),
    ])
    func formats(currency: Currency, minorUnits: Int64, expected: String) {
        #expect(currency.format(Money(minorUnits: minorUnits)) == expected)
    }

    @Test("knows each currency's minor digits", arguments: [
        (Currency.usd, 2), (jpy, 0), (kwd, 3), (eur, 2), (Currency(code: "KRW")!, 0), (Currency(code: "BHD")!, 3),
    ])
    func minorDigits(currency: Currency, digits: Int) {
        #expect(currency.minorDigits == digits)
    }

    @Test("plain text has no symbol or grouping, and parses back to the same amount", arguments: [
        (Currency.usd, 123_450, "1234.50"), (Currency.usd, -300, "-3.00"), (jpy, 1_200_000, "1200000"),
        (kwd, 1_234_567, "1234.567"), (eur, 5, "0.05"),
    ])
    func plain(currency: Currency, minorUnits: Int64, expected: String) throws {
        let money = Money(minorUnits: minorUnits)
        #expect(currency.plain(money) == expected)
        #expect(try currency.parse(currency.plain(money)) == money)
        #expect(try currency.parse(currency.format(money)) == money)
    }

    @Test("parses what people type", arguments: [
        (Currency.usd, "$1,234.50", 123_450), (Currency.usd, "1234.5", 123_450), (Currency.usd, "USD 1,234", 123_400),
        (Currency.usd, "1,234 USD", 123_400), (Currency.usd, "(12.00)", -1_200), (Currency.usd, "-12", -1_200),
        (Currency.usd, "-$12.00", -1_200), (Currency.usd, "$-12", -1_200), (Currency.usd, "  12  ", 1_200),
        (Currency.usd, ".5", 50), (Currency.usd, "12.", 1_200), (Currency.usd, "0", 0),
        (Currency.usd, "1,234,567.89", 123_456_789), (Currency.usd, "$ 40", 4_000), (Currency.usd, "($1,000)", -100_000),
        (jpy, "¥1,200", 1_200), (jpy, "1200", 1_200), (jpy, "JPY 5,000", 5_000),
        (kwd, "1.234", 1_234), (kwd, "KWD 1.5", 1_500), (eur, "€10,50", nil), (eur, "€10.50", 1_050),
    ] as [(Currency, String, Int64?)])
    func parses(currency: Currency, text: String, expected: Int64?) throws {
        if let expected {
            #expect(try currency.parse(text) == Money(minorUnits: expected))
        } else {
            #expect(throws: MoneyParseError.notANumber(text)) { try currency.parse(text) }
        }
    }

    @Test("rejects more minor digits than the currency has, naming what was typed")
    func tooManyMinorDigits() {
        #expect(throws: MoneyParseError.tooManyMinorDigits("1.234", allowed: 2, currency: "USD")) {
            try Currency.usd.parse("1.234")
        }
        #expect(throws: MoneyParseError.tooManyMinorDigits("12.5", allowed: 0, currency: "JPY")) {
            try MoneyTests.jpy.parse("12.5")
        }
        #expect(throws: MoneyParseError.tooManyMinorDigits("1.2345", allowed: 3, currency: "KWD")) {
            try MoneyTests.kwd.parse("1.2345")
        }
        let message = MoneyParseError.tooManyMinorDigits("1.234", allowed: 2, currency: "USD").description
        #expect(message == "'1.234' has more than 2 decimal digits for USD")
    }

    @Test("rejects bad grouping, letters, doubled signs and stray dots", arguments: [
        "1,23", "12,34,567", "1234,567", ",123", "1,,234", "1,234,", "abc", "12abc", "1O0", "1.2.3", "$",
        "-", "()", ".", "--12", "-(12)", "(-12)", "$-$12", "12-", "+12", "1 234", "1e3", "0x10", "١٢",
    ])
    func rejectsNonAmounts(text: String) {
        #expect(throws: MoneyParseError.notANumber(text)) { try Currency.usd.parse(text) }
    }

    @Test("an empty entry asks for an amount", arguments: ["", "   "])
    func rejectsEmpty(text: String) {
        #expect(throws: MoneyParseError.empty) { try Currency.usd.parse(text) }
        #expect(MoneyParseError.empty.description == "an amount is required")
    }

    @Test("an amount beyond the range of minor units is too large, not wrapped")
    func rejectsTooLarge() {
        #expect(throws: MoneyParseError.tooLarge("99999999999999999999")) { try Currency.usd.parse("99999999999999999999") }
        #expect(MoneyParseError.tooLarge("9e99").description
                == "'9e99' is more than the largest amount allowed (1,000,000,000,000 cents or other minor units)")
    }

    @Test("messages quote the text that was typed")
    func messagesNameInput() throws {
        let error = try #require(throws: MoneyParseError.self) { try Currency.usd.parse("twelve") }
        #expect(error.description == "'twelve' is not an amount")
    }

    @Test("currency codes are three letters, in any case")
    func currencyCodes() {
        #expect(Currency(code: "usd") == .usd)
        #expect(Currency(code: "eur")?.code == "EUR")
        for bad in ["", "US", "USDT", "US1", "€€€", "U D"] {
            #expect(Currency(code: bad) == nil, "\(bad)")
        }
        #expect(Currency(code: "CHF")?.format(Money(minorUnits: 1_000)) == "CHF 10.00")
        #expect(Currency(code: "SEK")?.format(Money(minorUnits: 1_000)) == "SEK 10.00")
    }

    @Test("currency codes as JSON strings; an invalid one fails to decode")
    func currencyCoding() throws {
        #expect(String(decoding: try JSONEncoder().encode([MoneyTests.kwd]), as: UTF8.self) == #"["KWD"]"#)
        #expect(try JSONDecoder().decode([Currency].self, from: Data(#"["jpy"]"#.utf8)) == [MoneyTests.jpy])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Currency].self, from: Data(#"["dollars"]"#.utf8)) }
    }

    @Test("money adds, subtracts, compares and codes as an integer of minor units")
    func arithmetic() throws {
        #expect(usd(10, 50) + usd(0, 75) == usd(11, 25))
        #expect(usd(10) - usd(12) == Money(minorUnits: -200))
        #expect(usd(1) < usd(1, 1))
        #expect([usd(1), usd(2, 50), usd(0, 5)].sum { $0 } == usd(3, 55))
        #expect([Int]().sum { _ in usd(1) } == .zero)
        #expect(String(decoding: try JSONEncoder().encode([usd(1_234, 50)]), as: UTF8.self) == "[123450]")
        #expect(try JSONDecoder().decode([Money].self, from: Data("[-5]".utf8)) == [Money(minorUnits: -5)])
    }
}

@Suite("Money in another currency")
struct ForeignCurrencyTests {
    @Test("an amount marked with another currency's symbol is refused, naming the wedding's currency")
    func foreignSymbolRefused() throws {
        let euro = try #require(Currency(code: "EUR"))
        #expect(throws: MoneyParseError.otherCurrency("$12", currency: "EUR")) { try euro.parse("$12") }
        #expect(try euro.parse("€12") == Money(minorUnits: 1200))
        #expect(try euro.parse("eur 12") == Money(minorUnits: 1200))
    }

    @Test("a plain dollar sign is this wedding's dollar for every dollar currency")
    func dollarSignForDollarCurrencies() throws {
        let canadian = try #require(Currency(code: "CAD"))
        #expect(try canadian.parse("$1,200.50") == Money(minorUnits: 120_050))
        #expect(try canadian.parse("CA$5") == Money(minorUnits: 500))
    }
}
