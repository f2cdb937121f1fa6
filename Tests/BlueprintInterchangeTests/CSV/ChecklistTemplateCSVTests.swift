import BlueprintDomain
@testable import BlueprintStorage
import Foundation
import Testing

/// Reading checklist templates from CSV, and the standard checklist built in.
@Suite("Checklist template files")
struct ChecklistTemplateCSVTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources")

    /// Each problem the file has, as `file:line: column "X": message`; records an issue if it reads.
    func problems(_ data: Data) -> [String] {
        do {
            let template = try ChecklistTemplate(csv: data, fileName: "my-checklist.csv")
            Issue.record("the file was read: \(template.items.map(\.key))")
            return []
        } catch {
            return messages(error)
        }
    }

    func problems(_ text: String) -> [String] { problems(bytes(text)) }

    @Test("Resources/checklist.csv is byte for byte the built-in standard checklist")
    func resourceIsTheBuiltInDefault() throws {
        let file = try Data(contentsOf: Self.resources.appendingPathComponent("checklist.csv"))
        #expect(file == Data(ChecklistTemplate.standardCSV.utf8))
        #expect(try ChecklistTemplate(csv: file, fileName: "checklist.csv") == ChecklistTemplate.standard)
    }

    @Test("the standard checklist has at least 40 tasks, in every band from a year before to the week of the wedding")
    func standardCoversEveryBand() throws {
        let standard = try ChecklistTemplate(csv: Data(ChecklistTemplate.standardCSV.utf8), fileName: "checklist.csv")
        #expect(standard == ChecklistTemplate.standard)
        #expect(standard.items.count >= 40)
        let wedding = try #require(CalendarDate(iso: "2027-06-19"))
        let bands: [(name: String, days: Range<Int>)] = [
            ("12 months or more", 330..<Int.max), ("9 months", 240..<330), ("6 months", 150..<240),
            ("3 months", 75..<150), ("1 month", 14..<75), ("the week of", 0..<14),
        ]
        for band in bands {
            let items = standard.items.filter { band.days.contains(wedding.days(since: $0.dueDate(forWeddingOn: wedding))) }
            #expect(items.count >= 4, "\(band.name): \(items.map(\.key))")
        }
        let leadTimes = Set(standard.items.map(\.leadTime.description))
        #expect(leadTimes.isSuperset(of: ["12 months", "9 months", "6 months", "3 months", "1 month", "1 week", "0 days"]))
        #expect(standard.items.allSatisfy { !$0.title.isEmpty && !$0.key.contains(" ") })
        for key in ["budget", "guest-list-draft", "venue", "photographer", "caterer", "officiant", "invitations", "attire",
                    "tasting", "rings", "final-headcount", "seating", "payments-due", "confirm-vendors", "run-sheet"] {
            #expect(standard.item(forKey: key) != nil, "\(key)")
        }
    }

    @Test("no cell of the standard checklist would run as a formula in a spreadsheet")
    func standardIsSpreadsheetSafe() {
        for item in ChecklistTemplate.standard.items {
            for cell in [item.key, item.title, item.details, item.leadTime.description] {
                #expect(!(cell.first.map { "=+-@\t".contains($0) } ?? false), "\(item.key): \(cell)")
            }
        }
    }

    @Test("columns in any order and spelling; BOM, CRLF, quotes, apostrophes, singular units and default priority")
    func readsASpreadsheetsFile() throws {
        let file = "\u{FEFF}Title,Due,KEY,Details,Priority\r\n"
            + "Book the venue,12 Months,venue,\"Visit, compare\r\nand book\",URGENT\r\n"
            + "Run sheet, 1 week ,run-sheet,'-= who is where,\r\n"
            + "\r\n"
            + "Enjoy it,0days,day-of,,low\r\n"
        let template = try ChecklistTemplate(csv: bytes(file), fileName: "my-checklist.csv")
        #expect(template.items == [
            ChecklistItem(key: "venue", leadTime: ChecklistLeadTime(12, .months)!, title: "Book the venue", priority: .urgent,
                          details: "Visit, compare\r\nand book"),
            ChecklistItem(key: "run-sheet", leadTime: ChecklistLeadTime(1, .weeks)!, title: "Run sheet", priority: .medium,
                          details: "-= who is where"),
            ChecklistItem(key: "day-of", leadTime: ChecklistLeadTime(0, .days)!, title: "Enjoy it", priority: .low),
        ])
    }

    @Test("only key, due and title are required")
    func optionalColumns() throws {
        let template = try ChecklistTemplate(csv: bytes("key,due,title\nrings,3 months,Buy the rings\n"), fileName: "c.csv")
        #expect(template.items == [ChecklistItem(key: "rings", leadTime: ChecklistLeadTime(3, .months)!, title: "Buy the rings")])
    }

    @Test("a bad due time names the file, line and column", arguments: [
        ("3 fortnights", "'fortnights' is not a unit of time (use days, weeks or months, such as '12 months', '6 weeks' or '3 days')"),
        ("3 years", "'years' is not a unit of time (use days, weeks or months, such as '12 months', '6 weeks' or '3 days')"),
        ("soon", "'soon' is not a due time: write a whole number and days, weeks or months, such as '12 months', '6 weeks' or '3 days'"),
        ("12", "'12' is not a due time: write a whole number and days, weeks or months, such as '12 months', '6 weeks' or '3 days'"),
        ("1.5 months", "'1.5 months' is not a due time: write a whole number and days, weeks or months, such as '12 months', '6 weeks' or '3 days'"),
        ("3 days before", "'3 days before' is not a due time: write a whole number and days, weeks or months, such as '12 months', '6 weeks' or '3 days'"),
        ("", "a due time is required: how long before the wedding, such as '12 months', '6 weeks' or '3 days'"),
        ("-3 days", "'-3 days' is after the wedding; a due time counts back from the wedding day, such as '12 months', '6 weeks' or '3 days'"),
        ("121 months", "'121 months' is more than ten years before the wedding (at most 120 months)"),
        ("99999999999999999999999 days", "'99999999999999999999999 days' is more than ten years before the wedding (at most 3650 days)"),
    ])
    func badDue(due: String, message: String) {
        #expect(problems("key,due,title\nvenue,12 months,Book the venue\nrings,\(due),Buy the rings\n")
            == ["my-checklist.csv:3: column \"due\": \(message)"])
    }

    @Test("a missing title or key, a bad priority and a repeated key name their line and column")
    func badCells() {
        #expect(problems("key,due,title\nvenue,12 months,  \n") == ["my-checklist.csv:2: column \"title\": a title is required"])
        #expect(problems("Key,Due,Title\n,12 months,Book the venue\n")
            == ["my-checklist.csv:2: column \"Key\": a key is required (a short name for the task, unique in the file)"])
        #expect(problems("key,due,title,priority\nvenue,12 months,Book the venue,soonish\n")
            == ["my-checklist.csv:2: column \"priority\": 'soonish' is not a priority (use one of: low, medium, high, urgent)"])
        #expect(problems("key,due,title\nvenue,12 months,Book the venue\nrings,3 months,Buy the rings\nvenue,9 months,Again\n")
            == ["my-checklist.csv:4: column \"key\": 'venue' is already the key of line 2"])
    }

    @Test("a repeated key is found even when the first row has another problem")
    func repeatedKeyAfterABadRow() {
        #expect(problems("key,due,title\nvenue,12 lightyears,Book the venue\nvenue,9 months,Again\n") == [
            "my-checklist.csv:2: column \"due\": 'lightyears' is not a unit of time (use days, weeks or months, such as '12 months', '6 weeks' or '3 days')",
            "my-checklist.csv:3: column \"key\": 'venue' is already the key of line 2",
        ])
    }

    @Test("a wrong header names each unknown, repeated or missing column")
    func wrongHeader() {
        #expect(problems("task,when,title\nvenue,12 months,Book the venue\n") == [
            "my-checklist.csv:1: column \"task\": not a checklist column (the columns are: key, due, title, priority, details)",
            "my-checklist.csv:1: column \"when\": not a checklist column (the columns are: key, due, title, priority, details)",
            "my-checklist.csv:1: there is no \"key\" column (the header is: task, when, title)",
            "my-checklist.csv:1: there is no \"due\" column (the header is: task, when, title)",
        ])
        #expect(problems("key,due,title,Title\nvenue,12 months,Book the venue,Again\n")
            == ["my-checklist.csv:1: column \"Title\": means the same as column \"title\"; keep one of them"])
        #expect(problems("key,due,title,\nvenue,12 months,Book the venue,\n")
            == ["my-checklist.csv:1: column \"\": a column needs a name (the columns are: key, due, title, priority, details)"])
    }

    @Test("a file that is not UTF-8 names the line and byte")
    func notUTF8() {
        #expect(problems(bytes("key,due,title\nvenue,12 months,Caf") + Data([0xE9]) + bytes("\n")) == [
            "my-checklist.csv:2: invalid UTF-8 at byte offset 33 (0xE9, 'é' in Latin-1): "
                + "the file is probably Latin-1 or Windows-1252; save it as UTF-8",
        ])
        #expect(problems(Data([0xFF, 0xFE]) + Data("key,due,title\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
            == ["my-checklist.csv:1: the file is UTF-16; save it as UTF-8"])
    }

    @Test("an empty file, a header alone, ragged rows and an open quote are refused")
    func badShapes() {
        #expect(problems("") == ["my-checklist.csv: the file is empty; it needs a header row naming its columns"])
        #expect(problems("key,due,title\n\n") == ["my-checklist.csv: the file has no tasks below its header"])
        #expect(problems("key,due,title\nvenue,12 months\nrings,3 months,Buy the rings,extra\n") == [
            "my-checklist.csv:2: this row has 2 fields but the header has 3",
            "my-checklist.csv:3: this row has 4 fields but the header has 3",
        ])
        #expect(problems("key,due,title\nvenue,12 months,\"Book the venue\nrings,3 months,Buy the rings\n")
            == ["my-checklist.csv:2: a quoted field starting here is never closed"])
    }

    @Test("every problem of the file is listed in file order, and the message says nothing was read")
    func everyProblemInOrder() {
        let file = "key,due,title,priority\nvenue,12 months,,high\nrings,3 eons,Buy the rings,meh\nrings,1 month,Again,\n"
        do {
            _ = try ChecklistTemplate(csv: bytes(file), fileName: "my-checklist.csv")
            Issue.record("the file was read")
        } catch {
            #expect(error.description == """
                my-checklist.csv:2: column "title": a title is required
                my-checklist.csv:3: column "due": 'eons' is not a unit of time (use days, weeks or months, such as '12 months', '6 weeks' or '3 days')
                my-checklist.csv:3: column "priority": 'meh' is not a priority (use one of: low, medium, high, urgent)
                my-checklist.csv:4: column "key": 'rings' is already the key of line 3
                my-checklist.csv: 4 problems; nothing was imported
                """)
        }
    }
}
