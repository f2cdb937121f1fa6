import BlueprintDomain
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("The : command line: parsing and completion")
struct CommandTests {
    private func parse(_ line: String) -> Result<PlannerCommand, CommandError> { PlannerCommand.parse(line, keymap: .standard) }

    @Test("commands parse with their arguments; the format of an export follows the file's extension unless named")
    func parsing() {
        #expect(parse("q") == .success(.quit))
        #expect(parse("  quit ") == .success(.quit))
        #expect(parse("wedding Ana & Ben") == .success(.wedding("Ana & Ben")))
        #expect(parse("import guests ~/guests.csv") == .success(.importFile(.guests, path: "~/guests.csv", sheet: nil)))
        #expect(parse("export tasks out.json") == .success(.exportFile(.tasks, path: "out.json", format: .json)))
        #expect(parse("export guests out.txt") == .success(.exportFile(.guests, path: "out.txt", format: .csv)))
        #expect(parse("export guests out json") == .success(.exportFile(.guests, path: "out", format: .json)))
        #expect(parse("diag") == .success(.diagnostics))
    }

    @Test("mistakes say what would be right")
    func mistakes() {
        #expect(parse("import tasks x.csv") == .failure(CommandError(
            "Usage: import guests|vendors|expenses FILE [--sheet NAME] (.csv, or .xlsx: its first sheet unless --sheet names one; "
                + "quote a name with spaces)")))
        #expect(parse("export guests") == .failure(CommandError("Usage: export guests|vendors|expenses|tasks FILE [csv|json]")))
        #expect(parse("export guests a.csv xml") == .failure(CommandError("Unknown format xml: csv or json")))
        #expect(parse("frobnicate") == .failure(CommandError(
            "Unknown command frobnicate: attach, conflicts, date, diagnostics, documents, export, find, help, import, notes, quit, "
                + "settings, wedding, weddings")))
        #expect(parse("conflicts") == .success(.conflicts))
        #expect(parse("date June") == .failure(CommandError("Usage: date yyyy-mm-dd (the new wedding day)")))
        #expect(parse("date 2027-06-12") == .success(.date(CalendarDate(year: 2027, month: 6, day: 12)!)))
    }

    @Test("import takes --sheet NAME before or after the file, a name with spaces quoted or escaped, or --sheet=NAME")
    func importSheet() {
        #expect(parse("import guests book.xlsx --sheet Guests") == .success(.importFile(.guests, path: "book.xlsx", sheet: "Guests")))
        #expect(parse(#"import guests "our book.xlsx" --sheet "Bride's family""#)
            == .success(.importFile(.guests, path: "our book.xlsx", sheet: "Bride's family")))
        #expect(parse(#"import expenses book.xlsx --sheet Bride\'s\ family"#)
            == .success(.importFile(.expenses, path: "book.xlsx", sheet: "Bride's family")))
        #expect(parse("import vendors --sheet 'Vendors 2026' book.xlsx")
            == .success(.importFile(.vendors, path: "book.xlsx", sheet: "Vendors 2026")))
        #expect(parse("import vendors book.xlsx --sheet=Budget") == .success(.importFile(.vendors, path: "book.xlsx", sheet: "Budget")))
    }

    @Test("a --sheet without a name, given twice, a misspelt option or a third word says what is wrong")
    func importSheetMistakes() {
        let usage = PlannerCommand.importUsage
        #expect(parse("import guests book.xlsx --sheet") == .failure(CommandError("--sheet needs the name of a sheet; " + usage)))
        #expect(parse(#"import guests book.xlsx --sheet """#) == .failure(CommandError("--sheet needs the name of a sheet; " + usage)))
        #expect(parse("import guests book.xlsx --sheet=") == .failure(CommandError("--sheet needs the name of a sheet; " + usage)))
        #expect(parse("import guests book.xlsx --sheet A --sheet B") == .failure(CommandError("--sheet is given twice; name one sheet")))
        #expect(parse("import guests book.xlsx --shet A") == .failure(CommandError("Unknown option --shet; " + usage)))
        #expect(parse("import guests book.xlsx Guests") == .failure(CommandError(usage)))
    }

    @Test("quotes and backslashes keep spaces inside a file name")
    func words() {
        #expect(CommandWords.split(#"import guests "my list.csv""#) == ["import", "guests", "my list.csv"])
        #expect(CommandWords.split(#"import guests my\ list.csv"#) == ["import", "guests", "my list.csv"])
        #expect(CommandWords.split("export  guests   'a b'  ") == ["export", "guests", "a b"])
        #expect(CommandWords.quoted("my list.csv") == #"my\ list.csv"#)
    }

    @Test("Tab completes a command, then a kind, then a file or a wedding; several candidates complete their common part")
    func completion() {
        var completion = CommandCompletion(weddingNames: ["Ana & Ben", "Ana & Bo", "Cleo & Dev"])
        completion.listFolder = { folder in
            switch folder {
            case ".": ["guests.csv", "guests-old.csv", "exports/"]
            case "exports/": ["march.json"]
            default: []
            }
        }
        #expect(completion.complete("im") == ("import ", []))
        #expect(completion.complete("we") == ("wedding", ["wedding", "weddings"]))
        #expect(completion.complete("import g") == ("import guests ", []))
        #expect(completion.complete("export ") == ("export ", ["guests", "vendors", "expenses", "tasks"]))
        #expect(completion.complete("import guests gu") == ("import guests guests", ["guests-old.csv", "guests.csv"]))
        #expect(completion.complete("import guests ex") == ("import guests exports/", []))
        #expect(completion.complete("import guests exports/m") == ("import guests exports/march.json ", []))
        #expect(completion.complete("import guests guests.csv ") == ("import guests guests.csv --sheet ", []))
        #expect(completion.complete("import guests guests.csv --s") == ("import guests guests.csv --sheet ", []))
        #expect(completion.complete("export guests out.csv --s") == ("export guests out.csv --s", []))
        #expect(completion.complete("import guests --sheet ") == ("import guests --sheet ", []))
        #expect(completion.complete("wedding C") == (#"wedding Cleo\ &\ Dev "#, []))
        #expect(completion.complete("wedding Ana") == (#"wedding Ana\ &\ B"#, ["Ana & Ben", "Ana & Bo"]))
        #expect(completion.complete("zzz") == ("zzz", []))
    }
}
