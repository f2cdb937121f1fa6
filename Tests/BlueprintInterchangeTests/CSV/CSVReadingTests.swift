import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Synchronization
import Testing

/// The file format itself: quoting, line ends, encodings, and where errors are reported.
@Suite struct CSVReadingTests {
    let importer = CSVImporter(wedding: testWedding(), mode: .addOnly)

    @Test func quotedFieldsKeepCommasQuotesAndLineBreaks() throws {
        let file = "First Name,Last Name,Notes\n"
            + "Ana,\"Smith, Jr.\",\"She said \"\"hi\"\"\nand left\"\n"
        let plan = try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        let guest = try #require(plan.batch.inserts.first)
        #expect(guest.lastName == "Smith, Jr.")
        #expect(guest.notes == "She said \"hi\"\nand left")
    }

    @Test func errorsAfterEmbeddedLineBreaksNameThePhysicalLine() {
        let file = "First Name,Notes,Email\n"          // line 1
            + "Ana,\"one\ntwo\nthree\",ana@example.com\n" // lines 2-4
            + "Ben,fine,bob@\n"                          // line 5
            + "Cy,\"a\r\nb\",cy@\n"                      // lines 6-7; the email starts on line 7
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == [
            "guests.csv:5: column \"Email\": 'bob@' is not an email address",
            "guests.csv:7: column \"Email\": 'cy@' is not an email address",
        ])
    }

    @Test func crlfAndLoneCRLineEndsAreRecordSeparators() throws {
        for separator in ["\r\n", "\r"] {
            let file = ["First Name,Last Name", "Ana,Lopez", "Ben,Okafor", ""].joined(separator: separator)
            let plan = try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
            #expect(plan.batch.inserts.map(\.fullName) == ["Ana Lopez", "Ben Okafor"])
        }
    }

    @Test func byteOrderMarkIsNotPartOfTheFirstHeader() throws {
        let plan = try importer.planGuests(Data([0xEF, 0xBB, 0xBF]) + bytes("First Name,Last Name\nAna,Lopez\n"),
                                           fileName: "guests.csv", existing: [])
        #expect(plan.batch.inserts.first?.firstName == "Ana")
        #expect(plan.ignoredColumns.isEmpty)
    }

    @Test func anEmptyFileIsRejected() {
        for file in ["", "\n\n", "\u{FEFF}"] {
            let error = importError { () throws(CSVImportError) in
                try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
            }
            #expect(messages(error) == ["guests.csv: the file is empty; it needs a header row naming its columns"])
        }
    }

    @Test func aHeaderOnlyFilePlansNothing() throws {
        let plan = try importer.planGuests(bytes("First Name,Last Name,Email\n"), fileName: "guests.csv", existing: [])
        #expect(plan.summary == ImportSummary())
        #expect(plan.report == "would add 0 guests, update 0, 0 unchanged")
    }

    @Test func blankLinesAndEmptyRowsAreSkippedButCounted() {
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes("First Name,Email\n\n,\nAna,ana@\n,\n"), fileName: "g.csv", existing: [])
        }
        #expect(messages(error) == ["g.csv:4: column \"Email\": 'ana@' is not an email address"])
    }

    @Test func raggedRowsAreErrorsWithTheirLines() {
        let file = "First Name,Last Name,Email\nAna,Lopez\nBen,Okafor,ben@example.com,extra\nCy,\"Open,cy@example.com\n"
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == [
            "guests.csv:2: this row has 2 fields but the header has 3",
            "guests.csv:3: this row has 4 fields but the header has 3",
            "guests.csv:4: this row has 2 fields but the header has 3 (is a quote left open?)",
        ])
    }

    @Test func invalidUTF8IsReportedWithLineAndByteOffset() {
        // "Zoë" in Latin-1: the 0xEB byte is at offset 33, on line 3.
        let data = bytes("First Name,Last Name\nAna,Lopez\nZo") + Data([0xEB]) + bytes(",Smith\nR") + Data([0xE9]) + bytes(",X\n")
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(data, fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == [
            "guests.csv:3: invalid UTF-8 at byte offset 33 (0xEB, 'ë' in Latin-1) (and 1 more): "
                + "the file is probably Latin-1 or Windows-1252; save it as UTF-8",
        ])
    }

    @Test func invalidUTF8OffsetsCountTheByteOrderMark() {
        let data = Data([0xEF, 0xBB, 0xBF]) + bytes("First Name\n") + Data([0xFF])
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(data, fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:2: invalid UTF-8 at byte offset 14 (0xFF, 'ÿ' in Latin-1): "
                                    + "the file is probably Latin-1 or Windows-1252; save it as UTF-8"])
    }

    @Test func aByteThatIsNoLatin1LetterIsReportedWithoutAGuess() {
        let data = bytes("First Name\nA") + Data([0x93]) + bytes("\n")
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(data, fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:2: invalid UTF-8 at byte offset 12 (0x93); save the file as UTF-8"])
    }

    @Test("a character split by the boundary of two checked chunks is still UTF-8", arguments: 1...3)
    func aCharacterAcrossTheCheckedChunksIsValid(bytesBeforeTheBoundary: Int) throws {
        let header = "First Name\n"
        let name = String(repeating: "x", count: CSVFile.chunk - header.utf8.count - bytesBeforeTheBoundary) + "😀"
        let plan = try importer.planGuests(bytes(header + name + "\n"), fileName: "guests.csv", existing: [])
        #expect(plan.batch.inserts.map(\.firstName) == [name])
    }

    @Test func utf16IsRecognisedAndRefused() {
        let data = Data([0xFF, 0xFE]) + Data("First Name\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(data, fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:1: the file is UTF-16; save it as UTF-8"])
    }

    @Test("UTF-16 without a byte-order mark is named, not read as text with NUL bytes between the letters",
          arguments: [true, false])
    func utf16WithoutAByteOrderMarkIsRefused(littleEndian: Bool) {
        let text = "First Name,Last Name\nAna,Lopez\n"
        let data = Data(text.utf16.flatMap { littleEndian ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(data, fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:1: the file has NUL bytes, so it is probably UTF-16 (without a byte-order mark); "
                                    + "save it as UTF-8"])
    }

    @Test func tenThousandRowsAreAllRead() throws {
        var file = "First Name,Last Name,Email,RSVP,Table,Meal,Notes\n"
        for index in 1...10_000 {
            file += "Guest\(index),Family \(index % 97),guest\(index)@example.com,yes,\(index % 40 + 1),fish,\"note, \(index)\"\n"
        }
        let plan = try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        #expect(plan.batch.inserts.count == 10_000)
        #expect(plan.batch.inserts.last?.email == "guest10000@example.com")
        #expect(plan.batch.inserts.last?.notes == "note, 10000")
        #expect(plan.batch.inserts.allSatisfy { $0.rsvp == .attending && $0.mealChoice == "Fish" })
    }
}

/// Rows are read one at a time: the reader hands out a row before the rest of the file exists,
/// so an import never holds every row of a large file.
@Suite struct CSVRowReaderTests {
    @Test func aRowIsHandedOutBeforeTheRestOfTheFileIsWritten() throws {
        let pipe = Pipe()
        let restWritten = Mutex(false)
        let firstRowRead = DispatchSemaphore(value: 0)
        pipe.fileHandleForWriting.write(bytes("First Name,Last Name\nAna,\"Lo\npez\"\n"))
        // The rest arrives once the first row is read, or after 10 seconds for a reader that
        // waits for the whole file (which then fails below instead of hanging).
        DispatchQueue.global().async {
            _ = firstRowRead.wait(timeout: .now() + 10)
            restWritten.withLock { $0 = true }
            pipe.fileHandleForWriting.write(bytes("\nBen,Okafor\n"))
            try? pipe.fileHandleForWriting.close()
        }
        let stream = try #require(InputStream(fileAtPath: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"))
        let rows = try CSVRowReader(stream: stream, lines: 0, progress: CSVProgressReporter(handler: nil))

        let header = rows.next()
        let first = rows.next()
        #expect(restWritten.withLock { $0 } == false, "the first row came before the rest of the file")
        firstRowRead.signal()
        let second = rows.next()

        #expect(header?.fields == ["First Name", "Last Name"])
        #expect(first?.fields == ["Ana", "Lo\npez"])
        #expect(first?.fieldLines == [2, 2])
        #expect(second?.fields == ["Ben", "Okafor"])
        #expect(second?.line == 5, "after the quoted line break and the blank line")
        #expect(rows.next() == nil)
    }
}

/// Malformed quoting is refused with its line, never imported garbled.
@Suite struct CSVQuotingTests {
    let importer = CSVImporter(wedding: testWedding(), mode: .addOnly)

    @Test func textAfterAClosingQuoteIsRefusedWithItsLine() {
        let file = "First Name,Last Name\nAna,Lopez\n\"Bo\"b,Okafor\n"
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        }
        let lines = messages(error)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("guests.csv:3: text follows a closing quote") == true)
    }

    @Test func aQuotedFieldThatNeverClosesIsRefusedWhereItStarts() {
        let file = "First Name,Last Name\nAna,Lopez\nBen,\"Okafor\nCy,Diaz\n"
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:3: a quoted field starting here is never closed"])
    }

    @Test func quotesInsideAnUnquotedFieldAreKeptAsWritten() throws {
        let plan = try importer.planGuests(bytes("First Name,Last Name\nBob \"Bobby\",Smith\n"),
                                           fileName: "guests.csv", existing: [])
        #expect(plan.batch.inserts.first?.firstName == "Bob \"Bobby\"")
    }
}
