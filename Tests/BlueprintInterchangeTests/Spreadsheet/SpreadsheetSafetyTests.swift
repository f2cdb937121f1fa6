import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// Damaged and hostile workbooks are refused quickly, with a message naming the file and the problem.
@Suite struct SpreadsheetSafetyTests {
    private func refusal(_ data: Data, fileName: String) -> [String] {
        messages(importError { () throws(CSVImportError) in
            try CSVImporter(wedding: testWedding(), mode: .addOnly)
                .planGuests(.spreadsheet(data, sheet: nil), fileName: fileName, existing: [])
        })
    }

    @Test(.timeLimit(.minutes(3)))
    func aZipBombIsRefusedBeforeItIsInflated() throws {
        let start = ContinuousClock.now
        let messages = refusal(try XLSXFixtures.data("bomb.xlsx"), fileName: "bomb.xlsx")
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("bomb.xlsx: xl/worksheets/sheet1.xml expands ") == true, "\(messages)")
        #expect(messages.first?.contains("zip bomb") == true)
    }

    @Test func aPartLargerThanTheLimitIsRefused() throws {
        var limits = SpreadsheetLimits()
        limits.entryBytes = 1 << 20
        #expect(throws: SpreadsheetFailure.self) { try Workbook(try XLSXFixtures.data("bomb.xlsx"), limits: limits).rows(ofSheet: nil) }
    }

    @Test func aSheetWiderAndLongerThanTheCellLimitIsRefused() throws {
        var limits = SpreadsheetLimits()
        limits.cells = 20
        let failure = try #require(throws: SpreadsheetFailure.self) {
            try Workbook(try XLSXFixtures.data("guests.xlsx"), limits: limits).rows(ofSheet: nil)
        }
        #expect(failure.message == "sheet \"Guests\" is too large to import (4 rows of 6 columns; the limit is 20 cells)")
    }

    @Test func aDoctypeIsRefusedAndNoEntityIsResolved() throws {
        #expect(refusal(try XLSXFixtures.data("doctype.xlsx"), fileName: "doctype.xlsx") == [
            "doctype.xlsx: xl/worksheets/sheet1.xml declares a DTD (<!DOCTYPE>), which a workbook never does; the file was not read",
        ])
    }

    @Test func tooManySharedStringsAreRefused() throws {
        var limits = SpreadsheetLimits()
        limits.sharedStrings = 3
        let failure = try #require(throws: SpreadsheetFailure.self) {
            try Workbook(try XLSXFixtures.data("shared_strings.xlsx"), limits: limits).rows(ofSheet: nil)
        }
        #expect(failure.message == "the workbook has more than 3 shared strings")
    }

    @Test func aFileThatIsNotAZipIsRefused() {
        #expect(refusal(Data("First Name\nAna\n".utf8), fileName: "guests.xlsx") == [
            "guests.xlsx: the file is not an .xlsx workbook (it is not a zip archive)",
        ])
        #expect(refusal(Data([0x50, 0x4B, 0x03, 0x04, 0, 0, 0]), fileName: "cut.xlsx") == [
            "cut.xlsx: the file is not an .xlsx workbook (it is not a zip archive)",
        ])
    }

    @Test func theSourceIsChosenByExtensionOrSignature() throws {
        let csv = Data("First Name\nAna\n".utf8)
        let zip = try XLSXFixtures.data("guests.xlsx")
        guard case .csv = try ImportSource.detect(csv, fileName: "guests.csv", sheet: nil) else { Issue.record("not CSV"); return }
        guard case .spreadsheet(_, "Guests") = try ImportSource.detect(zip, fileName: "guests", sheet: "Guests") else {
            Issue.record("not a spreadsheet")
            return
        }
        guard case .spreadsheet = try ImportSource.detect(csv, fileName: "GUESTS.XLSX", sheet: nil) else {
            Issue.record("not a spreadsheet")
            return
        }
        #expect(throws: SheetOptionError.self) { try ImportSource.detect(csv, fileName: "guests.csv", sheet: "Guests") }
    }
}
