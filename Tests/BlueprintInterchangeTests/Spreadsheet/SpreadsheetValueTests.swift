import BlueprintDomain
@testable import BlueprintInterchange
import Testing

/// Cell addresses, serial dates and date formats.
@Suite struct SpreadsheetValueTests {
    @Test func cellReferences() {
        #expect(["A1", "C4", "Z9", "AA10", "XFD1048576", "c4"].map(CellReference.column(of:)) == [0, 2, 25, 26, 16_383, 2])
        #expect(["4", "", "ABCD1"].map(CellReference.column(of:)) == [nil, nil, nil])
        #expect(CellReference.row(of: "AB12") == 12)
        #expect([0, 2, 25, 26, 701, 16_383].map(CellReference.letters(of:)) == ["A", "C", "Z", "AA", "ZZ", "XFD"])
    }

    @Test func serialDatesInThe1900SystemKeepItsLeapYearBug() {
        func date(_ serial: Double) -> String? { SerialDate.date(serial, uses1904: false)?.description }
        #expect(date(1) == "1900-01-01")
        #expect(date(59) == "1900-02-28")
        #expect(date(60) == nil, "1900-02-29 never was")
        #expect(date(61) == "1900-03-01")
        #expect(date(46_113) == "2026-04-01")
        #expect(date(46_113.75) == "2026-04-01")
        #expect(date(0) == nil)
        #expect(date(-1) == nil)
    }

    @Test func serialDatesInThe1904System() {
        #expect(SerialDate.date(0, uses1904: true)?.description == "1904-01-01")
        #expect(SerialDate.date(44_651, uses1904: true)?.description == "2026-04-01")
    }

    @Test func numbersAreWrittenAsTheSpreadsheetShowsThem() throws {
        let reader = SheetReader(sharedStrings: ["text"], dateStyles: try DateStyles(nil, part: ""), uses1904: false,
                                 limits: .standard)
        let values = ["1200", "1500.5", "19.989999999999998", "1.5E+3", "-0.07", "5551234", "abc"]
        #expect(try values.map { value throws(SpreadsheetFailure) in try reader.text(type: nil, style: 0, value: value) }
                == ["1200", "1500.5", "19.99", "1500", "-0.07", "5551234", "abc"])
        #expect(try reader.text(type: "b", style: 0, value: "0") == "FALSE")
        #expect(try reader.text(type: "s", style: 0, value: "0") == "text")
        #expect(try reader.text(type: "d", style: 0, value: "2026-04-01T00:00:00") == "2026-04-01")
        #expect(throws: SpreadsheetFailure.self) { try reader.text(type: "s", style: 0, value: "1") }
        #expect(throws: SpreadsheetFailure.self) { try reader.text(type: "e", style: 0, value: "#N/A") }
    }

    @Test func dateFormats() {
        #expect(["yyyy-mm-dd", "d/m/yy", "mmm yyyy", "[$-409]d-mmm;@", "dd\"th\"", "mm"].allSatisfy(DateStyles.isDate))
        #expect(!["0.00", "General", "h:mm", "mm:ss", "\"$\"#,##0.00", "[Red]0", "0\\d"].contains(where: DateStyles.isDate))
    }
}
