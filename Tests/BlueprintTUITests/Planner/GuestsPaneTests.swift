import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Guests pane", .timeLimit(.minutes(5)))
@MainActor
struct GuestsPaneTests {
    /// The names in the table, top to bottom.
    func names(_ planner: PlannerHarness) -> [String] {
        planner.session.guests.visibleGuests.map(\.fullName)
    }

    func selectedName(_ planner: PlannerHarness) -> String? {
        let pane = planner.screen.panes[1] as! GuestsPane
        return pane.selectedRow.map { planner.session.guests.visibleGuests[$0].fullName }
    }

    @Test("the figures strip: headcount with plus-ones, answers, response rate and meals (plus-ones' too) in the wedding's order")
    func statsStrip() async {
        let planner = await PlannerHarness()
        #expect(planner.rows[1].hasPrefix("4 coming (with plus-ones)  3 attending  1 declined  3 pending  57% responded  "))
        #expect(planner.rows[2].hasPrefix("Meals: Beef 1, Fish 1, Vegan 1, not chosen 1  "), "Ana's plus-one has not chosen")
    }

    @Test("at 80 columns every figure shows: the meals take a line of their own, and long ones break between meals")
    func statsStripAt80Columns() async {
        let planner = await PlannerHarness(rows: 24, columns: 80)
        var rows = planner.rows
        #expect(rows[1].hasPrefix("4 coming (with plus-ones)  3 attending  1 declined  3 pending  57% responded  "))
        #expect(rows[2].hasPrefix("Meals: Beef 1, Fish 1, Vegan 1, not chosen 1  "))
        #expect(rows[3].hasPrefix("Name ▲"))

        var dataset = Wedding1.dataset()
        dataset.wedding.mealOptions = ["Herb-roasted chicken with lemon", "Seared salmon with fennel", "Wild mushroom risotto"]
        for (id, meal) in [(Wedding1.ana, 0), (Wedding1.dev, 1), (Wedding1.wide, 2)] {
            var guest = dataset.guests[id]!
            guest.mealChoice = dataset.wedding.mealOptions[meal]
            dataset.guests.upsert(guest)
        }
        let long = await PlannerHarness([dataset], rows: 24, columns: 80)
        rows = long.rows
        #expect(rows[2].hasPrefix("Meals: Herb-roasted chicken with lemon 1, Seared salmon with fennel 1  "))
        #expect(rows[3].hasPrefix("Wild mushroom risotto 1, not chosen 1  "))
        #expect(!rows[1...3].joined().contains("…"))
        #expect(rows[4].hasPrefix("Name ▲"))
    }

    @Test("the table shows name, household, RSVP, meal, table and plus-one; hostile names are neutralised, wide ones aligned")
    func table() async {
        let planner = await PlannerHarness()
        let rows = planner.rows
        #expect(rows[3] == "Name ▲                         Household             RSVP      Meal              Table Plus-one     ")
        #expect(rows[4] == "Ana Alvarez                    Alvarez               Attending Fish                  1 +1 Sam       ")
        #expect(rows[9] == "Evil␛[2J␛]0;pwned␇ Rider␍      Hax                   Maybe                                          ")
        #expect(rows[10] == "山田 太郎 😀 Amélie            山田家                Attending Beef                  1              ")
        #expect(planner.canvas.rowWidths.allSatisfy { $0 == 100 })
    }

    @Test("at 60 columns the household gives way first; name, RSVP, meal, table and plus-one stay")
    func narrow() async {
        let planner = await PlannerHarness(rows: 16, columns: 60)
        #expect(planner.rows[1...3].map { $0.trimmingCharacters(in: .whitespaces) }
                == ["4 coming (with plus-ones)  3 attending  1 declined", "3 pending  57% responded",
                    "Meals: Beef 1, Fish 1, Vegan 1, not chosen 1"])
        #expect(planner.rows[4] == "Name ▲             RSVP      Meal           Table Plus-one  ")
    }

    @Test("s cycles the sort column, S reverses it; the header marks it")
    func sorting() async {
        let planner = await PlannerHarness()
        await planner.press(.character("s"))
        #expect(names(planner).first == "Emi Endo")
        #expect(planner.rows[3].contains("RSVP ▲"))
        #expect(planner.statusRow.contains("Sorted by RSVP"))
        await planner.press(.character("S"))
        #expect(names(planner).first == "Ben Brown")
        #expect(planner.rows[3].contains("RSVP ▼"))
        await planner.press(.character("s"))
        #expect(planner.session.guests.order.key == .table)
        #expect(Array(names(planner).prefix(2)) == ["Ana Alvarez", "山田 太郎 😀 Amélie"])
    }

    @Test("f filters by RSVP, side, table and meal as you choose; Enter keeps it, F clears it; Esc restores the one before")
    func filters() async {
        let planner = await PlannerHarness()
        await planner.press(.character("f"), .right, .right, .right)
        #expect(names(planner) == ["Ana Alvarez", "Dev Das", "山田 太郎 😀 Amélie"])
        await planner.press(.tab, .right)
        #expect(names(planner) == ["Ana Alvarez", "山田 太郎 😀 Amélie"])
        await planner.press(.tab)
        await planner.type("1")
        await planner.press(.tab, .character("f"), .enter)
        #expect(names(planner) == ["Ana Alvarez"])
        #expect(planner.statusRow.hasPrefix(" GUESTS │ RSVP attending · Ana's side · table 1 · meal Fish (guest or plus-one) · 1 of 7 guests"))

        await planner.press(.character("f"), .right)
        #expect(planner.session.guests.filter.rsvp == [.maybe])
        await planner.press(.escape)
        #expect(names(planner) == ["Ana Alvarez"])

        await planner.press(.character("F"))
        #expect(names(planner).count == 7)
        #expect(planner.statusRow.contains("Filters cleared"))
    }

    @Test("the meal filter shows a guest whose plus-one chose that meal, and the row says whose meal it is")
    func mealFilterFindsPlusOnes() async {
        var dataset = Wedding1.dataset()
        var ana = dataset.guests[Wedding1.ana]!
        ana.plusOneMealChoice = "Beef"
        dataset.guests.upsert(ana)
        let planner = await PlannerHarness([dataset])
        await planner.press(.character("f"), .tab, .tab, .tab, .character("b"), .enter)
        #expect(names(planner) == ["Ana Alvarez", "山田 太郎 😀 Amélie"])
        #expect(planner.rows[4].hasPrefix("Ana Alvarez                    Alvarez               Attending Fish, +1 Beef"))
        #expect(planner.statusRow.contains("meal Beef (guest or plus-one) · 2 of 7 guests"), "\(planner.statusRow)")
    }

    @Test("a table that is not a number is shown beside the field and not applied; Enter waits until it is fixed")
    func filterTableMustBeANumber() async {
        let planner = await PlannerHarness()
        await planner.press(.character("f"), .tab, .tab)
        await planner.type("x")
        #expect(planner.frame().contains("'x' is not a table number"))
        #expect(names(planner).count == 7)
        await planner.press(.tab, .right)
        #expect(planner.frame().contains("'x' is not a table number"))
        #expect(planner.session.guests.filter.meal == nil)
        await planner.press(.enter)
        #expect(planner.frame().contains("┌─ Filter guests ─"))
        #expect(planner.statusRow.contains("Not applied: fix the problems shown"))
        await planner.press(.backspace)
        #expect(!planner.frame().contains("is not a table number"))
        #expect(planner.session.guests.filter.meal == "")
        await planner.type("2")
        #expect(names(planner) == ["Cleo Chen"])
        await planner.type("x")
        #expect(names(planner) == ["Cleo Chen"], "the last valid filter stays while the table is not a number")
        await planner.press(.backspace, .enter)
        #expect(!planner.frame().contains("┌─ Filter guests ─"))
        #expect(planner.session.guests.filter.table == 2)
    }

    @Test("/ searches as you type and jumps to the first match; n and N step through the matches; Esc drops it")
    func search() async {
        let planner = await PlannerHarness()
        await planner.press(.character("/"))
        await planner.type("en")
        #expect(planner.statusRow.hasPrefix("/en"))
        #expect(planner.statusRow.contains("3 matches"))
        #expect(selectedName(planner) == "Ben Brown")
        await planner.press(.enter)
        #expect(planner.statusRow.contains("3 matches · n next, N previous"))
        await planner.press(.character("n"))
        #expect(selectedName(planner) == "Cleo Chen")
        #expect(planner.statusRow.contains("Match 2 of 3 for “en”"))
        await planner.press(.character("n"), .character("n"))
        #expect(selectedName(planner) == "Ben Brown")
        await planner.press(.character("N"))
        #expect(selectedName(planner) == "Emi Endo")
        planner.frame()
        #expect(planner.canvas.style(row: 5, column: 0) == .accent)
        await planner.press(.escape)
        #expect(planner.session.guests.searchText.isEmpty)
    }

    @Test("a adds a guest through the form: Tab between fields, wide characters, pick-lists; Enter saves")
    func addGuest() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("a"))
        #expect(planner.frame().contains("┌─ New guest ─"))
        #expect(planner.statusRow.hasPrefix(" FORM"))
        await planner.type("Zoë 山田")
        await planner.press(.tab)
        await planner.type("Okafor-Smith")
        await planner.press(.tab, .tab, .tab, .tab, .right, .tab, .tab, .right, .right)
        await planner.press(.backTab, .backTab, .backTab)
        await planner.type("The Okafors")
        await planner.press(.enter)
        let added = try #require(try await planner.storedGuests().first { $0.lastName == "Okafor-Smith" })
        #expect(added.firstName == "Zoë 山田")
        #expect(added.household == "The Okafors")
        #expect(added.invitedBy == .partner1)
        #expect(added.rsvp == .attending)
        #expect(!planner.frame().contains("┌─ New guest ─"))
        #expect(planner.statusRow.contains("Added Zoë 山田 Okafor-Smith"))
        #expect(selectedName(planner) == "Zoë 山田 Okafor-Smith")
    }

    @Test("bad values are refused with the message beside the field; nothing is saved until they are fixed")
    func validation() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("a"), .tab, .tab)
        await planner.type("bob@")
        await planner.press(.enter)
        let frame = planner.frame()
        #expect(frame.contains("a first or last name is required"))
        #expect(frame.contains("'bob@' is not an email address"))
        #expect(planner.statusRow.contains("Not saved: fix the problems shown"))
        #expect(!planner.statusRow.contains("red"), "the note must hold without colour")
        #expect(try await planner.storedGuests().count == 7)
        await planner.type("Bob")
        await planner.press(.tab, .tab, .control("u"))
        await planner.type("bob@example.com")
        await planner.press(.enter)
        #expect(try await planner.storedGuests().count == 8)
    }

    @Test("the plus-one's meal and dietary needs are the form's own fields, and are stored")
    func plusOneMealInTheForm() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("e"))
        for _ in 0..<11 { await planner.press(.tab) }
        await planner.press(.right, .right, .right)
        await planner.press(.tab)
        await planner.type("no nuts")
        await planner.press(.enter)
        let ana = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        #expect(ana.plusOneMealChoice == "Fish")
        #expect(ana.plusOneDietaryRestrictions == "no nuts")
        #expect(ana.mealChoice == "Fish" && ana.dietaryRestrictions.isEmpty, "the guest's own meal is untouched")
    }

    @Test("a plus-one named or coming on a guest whose plus-one is not allowed is refused beside the field")
    func plusOneNotAllowedIsRefused() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("e"))
        for _ in 0..<8 { await planner.press(.tab) }
        await planner.press(.right)
        await planner.press(.enter)
        #expect(planner.frame().contains("no plus-one is allowed, so the plus-one cannot be named"))
        #expect(planner.statusRow.contains("Not saved: fix the problems shown"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.ana }?.version == 1)
        await planner.press(.control("u"), .tab, .right)
        await planner.press(.enter)
        let ana = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        #expect(!ana.plusOneAllowed && ana.plusOneName.isEmpty && !ana.plusOneAttending)
        #expect(ana.version == 2)
    }

    @Test("e edits the selected guest; the stored version goes up")
    func editGuest() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("e"))
        #expect(planner.frame().contains("┌─ Edit Ana Alvarez ─"))
        await planner.press(.tab, .control("u"))
        await planner.type("Álvarez-Ruiz")
        await planner.press(.enter)
        let ana = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        #expect(ana.lastName == "Álvarez-Ruiz")
        #expect(ana.version == 2)
        #expect(ana.plusOneName == "Sam")
    }

    @Test("Esc on an edited form asks first; keeping is the default; discarding saves nothing")
    func cancelAsks() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("e"))
        await planner.type("x")
        await planner.press(.escape)
        #expect(planner.frame().contains("Discard changes?"))
        await planner.press(.enter)
        #expect(planner.frame().contains("┌─ Edit Ana Alvarez ─"))
        await planner.press(.escape, .character("y"))
        #expect(!planner.frame().contains("Edit Ana Alvarez"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.ana }?.version == 1)
        await planner.press(.character("e"), .escape)
        #expect(!planner.frame().contains("Edit Ana Alvarez"))
    }

    @Test("d asks before deleting, with Cancel focused; y deletes; u brings the guest back")
    func deleteAndUndo() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("d"))
        #expect(planner.frame().contains("Delete the guest Ana Alvarez?"))
        await planner.press(.enter)
        #expect(try await planner.storedGuests().count == 7)
        await planner.press(.character("d"), .character("y"))
        #expect(try await planner.storedGuests().count == 6)
        #expect(planner.statusRow.contains("Deleted Ana Alvarez · u undoes"))
        await planner.press(.character("u"))
        #expect(try await planner.storedGuests().contains { $0.id == Wedding1.ana && $0.plusOneName == "Sam" })
        #expect(planner.statusRow.contains("Undid delete guest"))
        await planner.press(.character("u"), .character("u"))
        #expect(planner.statusRow.contains("Nothing to undo in this pane"))
    }

    @Test("A, D, M, P and I set the answer at once; Space toggles attending and declined")
    func quickRSVP() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("j"), .character("j"), .character("A"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.cleo }?.rsvp == .attending)
        #expect(planner.rows[1].hasPrefix("5 coming"))
        await planner.press(.character(" "))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.cleo }?.rsvp == .declined)
        await planner.press(.character("M"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.cleo }?.rsvp == .maybe)
        await planner.press(.character("u"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.cleo }?.rsvp == .declined)
    }

    @Test("Enter shows every field of the guest; e from there edits")
    func detail() async {
        let planner = await PlannerHarness()
        await planner.press(.enter)
        let frame = planner.frame()
        #expect(frame.contains("Plus-one  Sam, coming"))
        #expect(frame.contains("Side  Ana's side"))
        #expect(frame.contains("ana@example.com"))
        #expect(planner.statusRow.hasPrefix(" DETAIL"))
        await planner.press(.character("e"))
        #expect(planner.frame().contains("┌─ Edit Ana Alvarez ─"))
    }

    @Test("v shows the seating chart: seats used per table and who sits there; Enter lists a table's guests")
    func seating() async {
        let planner = await PlannerHarness()
        await planner.press(.character("v"))
        let rows = planner.rows
        #expect(rows[1].hasPrefix("2 tables  4 seats used  2 coming or undecided without a table"))
        #expect(rows[2].hasPrefix("No rule problems"))
        #expect(rows[3].hasPrefix("Seating Ana Alvarez (table 1): ] next table, m to the highlighted table, M whole household"))
        #expect(rows[5].hasPrefix("Table 1                             3 Ana Alvarez (+1), 山田 太郎 😀 Amélie"))
        #expect(rows[6].hasPrefix("Table 2                             1 Cleo Chen, Dev Das"))
        #expect(rows[7].hasPrefix("Unassigned                            Emi Endo, Evil␛[2J␛]0;pwned␇ Rider␍"))
        #expect(planner.statusRow.hasPrefix(" SEATING"))
        await planner.press(.character("j"), .enter)
        #expect(names(planner) == ["Cleo Chen", "Dev Das"])
        #expect(planner.statusRow.contains("table 2 · 2 of 7 guests"))
    }

    @Test("the seating chart has its own keys, as help lists them: list keys do nothing there, and leave no message behind")
    func seatingKeys() async throws {
        let planner = await PlannerHarness()
        await planner.press(.character("v"))
        let pane = try #require(planner.screen.panes[1] as? GuestsPane)
        #expect(pane.keyMode == .seating)
        for key in "SfF /nN".map({ Key.character($0) }) {
            #expect(planner.screen.keymap.resolve(key, in: .seating) == .unbound, "\(key.displayName)")
        }
        #expect(HelpOverlay(keymap: planner.screen.keymap).lines.contains { $0.isHeading && $0.text.string == "Seating chart" })

        planner.screen.announce("A note")
        #expect(planner.statusRow.contains("A note"))
        #expect(planner.driver.handle(.character("f"), size: planner.canvas.size) == .redraw)
        #expect(!planner.statusRow.contains("A note"))
        #expect(planner.statusRow.hasPrefix(" SEATING"))

        await planner.press(.character("G"), .character("g"), .character("j"), .escape)
        #expect(planner.statusRow.hasPrefix(" GUESTS │ 7 guests"))
        await planner.press(.character("v"), .character("g"), .character("j"), .enter)
        #expect(planner.statusRow.hasPrefix(" GUESTS │ table 2 · 2 of 7 guests"))
    }

    @Test("a key the list declines still wipes the last message off the status line")
    func declinedKeyClearsMessage() async {
        let planner = await PlannerHarness()
        await planner.press(.character("s"))
        #expect(planner.statusRow.contains("Sorted by RSVP"))
        #expect(planner.driver.handle(.escape, size: planner.canvas.size) == .redraw)
        #expect(!planner.statusRow.contains("Sorted by"))
    }

    // MARK: The seating editor

    /// Wedding 1 with tables 1 (Head, 2 seats: Ana and her plus-one and 山田 make it over by 1)
    /// and 3 (Garden, 4 seats), and Fay Fox (attending, with a plus-one) without a table.
    static func seatingDataset() -> WeddingDataset {
        var data = Wedding1.dataset()
        data.seatingTables = RecordTable([SeatingTable(number: 1, name: "Head", capacity: 2, createdAt: Wedding1.start),
                                          SeatingTable(number: 3, name: "Garden", capacity: 4, createdAt: Wedding1.start)])
        data.guests.upsert(Guest(id: Wedding1.uuid(90), firstName: "Fay", lastName: "Fox", household: "Fox", rsvp: .attending,
                                 plusOneAllowed: true, plusOneAttending: true, createdAt: Wedding1.start))
        return data
    }

    @Test("a table over capacity is unmistakable: the warning, a ! and how far over, and a figure in the summary")
    func overCapacity() async {
        let planner = await PlannerHarness([Self.seatingDataset()])
        await planner.press(.character("v"))
        let rows = planner.rows
        #expect(rows[1].contains("1 table over capacity"))
        #expect(rows[5].hasPrefix("Table 1 · Head      3 / 2 ! over by 1 Ana Alvarez (+1)"))
        #expect(rows[7].hasPrefix("Table 3 · Garden                0 / 4"))
    }

    @Test("the list's selected guest moves with keys: ] to the next table, m to the highlighted one, M the whole household; u undoes")
    func moveWithKeys() async throws {
        let planner = await PlannerHarness([Self.seatingDataset()])
        // Dev Das is fourth by name; the seating view moves the guest selected in the list.
        await planner.press(.character("j"), .character("j"), .character("j"), .character("v"))
        #expect(planner.rows[3].hasPrefix("Seating Dev Das (table 2)"))
        await planner.press(.character("]"))
        #expect(planner.session.guests.guest(Wedding1.dev)?.table == 3)
        #expect(planner.statusRow.contains("Dev Das → Table 3 · Garden"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.dev }?.table == 3)
        await planner.press(.character("g"), .character("m"))
        #expect(planner.session.guests.guest(Wedding1.dev)?.table == 1)
        await planner.press(.character("u"))
        #expect(planner.session.guests.guest(Wedding1.dev)?.table == 3)
        await planner.press(.character("x"))
        #expect(planner.session.guests.guest(Wedding1.dev)?.table == nil)
    }

    @Test("# asks for a table number and moves the guest there, one undo step; a number with neither a record nor guests is refused")
    func moveByNumber() async throws {
        let planner = await PlannerHarness([Self.seatingDataset()])
        await planner.press(.character("v"), .character("#"))
        #expect(planner.frame().contains("Move Ana Alvarez to table"))
        await planner.press(.control("u"))
        await planner.type("7")
        await planner.press(.enter)
        #expect(planner.frame().contains("no table 7: add it with a"))
        #expect(planner.session.guests.guest(Wedding1.ana)?.table == 1)
        await planner.press(.control("u"))
        await planner.type("two")
        await planner.press(.enter)
        #expect(planner.frame().contains("'two' is not a table number"))
        // Table 2 has no record, but Dev Das sits there.
        await planner.press(.control("u"))
        await planner.type("2")
        await planner.press(.enter)
        #expect(!planner.frame().contains("Move Ana Alvarez to table"))
        #expect(planner.session.guests.guest(Wedding1.ana)?.table == 2)
        #expect(planner.statusRow.contains("Ana Alvarez → Table 2"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.ana }?.table == 2)
        // Table 3 has a record and nobody at it.
        await planner.press(.character("#"), .control("u"))
        await planner.type("3")
        await planner.press(.enter)
        #expect(planner.session.guests.guest(Wedding1.ana)?.table == 3)
        await planner.press(.character("u"))
        #expect(planner.session.guests.guest(Wedding1.ana)?.table == 2)
    }

    @Test("s previews the suggestion; Esc drops it, Enter seats the guests as one undo step")
    func suggestion() async throws {
        let planner = await PlannerHarness([Self.seatingDataset()])
        await planner.press(.character("v"), .character("s"))
        var frame = planner.frame()
        #expect(frame.contains("Suggested seats"))
        #expect(frame.contains("Table 3 · Garden  Fay Fox (+1)"))
        #expect(planner.statusRow.hasPrefix(" PREVIEW"))
        await planner.press(.escape)
        #expect(planner.statusRow.contains("Suggestion dropped"))
        #expect(planner.session.guests.guest(Wedding1.uuid(90))?.table == nil)

        await planner.press(.character("s"), .enter)
        frame = planner.frame()
        #expect(!frame.contains("Suggested seats"))
        #expect(planner.session.guests.guest(Wedding1.uuid(90))?.table == 3)
        #expect(planner.statusRow.contains("Seated 1 guest"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.uuid(90) }?.table == 3)
        await planner.press(.character("u"))
        #expect(planner.session.guests.guest(Wedding1.uuid(90))?.table == nil)
    }

    @Test("a keep-apart rule picks the other guest from the guest list; its problem is counted under the summary and listed by r")
    func rules() async {
        let planner = await PlannerHarness([Self.seatingDataset()])
        await planner.press(.character("v"), .character("T"))
        #expect(planner.frame().contains("Keep apart from Ana Alvarez"))
        // The pick-list: a letter jumps to the first guest it starts; the seating guest is not offered.
        await planner.press(.character("A"))
        #expect(planner.frame().contains("◂ (none) ▸"), "the seating guest is not offered")
        await planner.press(.character("山"))
        #expect(planner.frame().contains("◂ 山田 太郎 😀 Amélie (山田家) ▸"))
        await planner.press(.enter)
        #expect(planner.session.seating.rules.map(\.guestIDs) == [[Wedding1.ana, Wedding1.wide]])
        #expect(planner.rows[2].hasPrefix("1 rule problem · r lists them"))
        await planner.press(.character("r"))
        #expect(planner.frame().contains("Keep apart: Ana Alvarez and 山田 太郎 😀 Amélie are both at table 1"))
    }

    @Test("a rule's further guests are typed by full name under More guests; an unknown name is refused beside that field")
    func ruleWithMoreGuests() async throws {
        let planner = await PlannerHarness([Self.seatingDataset()])
        await planner.press(.character("v"), .character("t"), .enter)
        #expect(Self.issue(beside: "Together with", in: planner.rows)?.contains("pick another guest") == true)
        await planner.press(.character("D"), .tab)
        await planner.type("fay fox, Nobody Here")
        await planner.press(.enter)
        #expect(Self.issue(beside: "More guests", in: planner.rows)?.contains("no guest is called 'Nobody Here'") == true)
        #expect(planner.session.seating.rules.isEmpty)

        await planner.press(.control("u"))
        await planner.type("FAY FOX")
        await planner.press(.enter)
        let rule = try #require(planner.session.seating.rules.first)
        #expect(rule.ruleKind == .together && rule.guestIDs == [Wedding1.ana, Wedding1.dev, Wedding1.uuid(90)])
        #expect(try await planner.stored { $0.seatingRules.count } == 1)
    }

    /// What a form shows for the field labelled `label`: its row, and the row under it when a long problem goes there.
    private static func issue(beside label: String, in rows: [String]) -> String? {
        guard let index = rows.firstIndex(where: { $0.contains(label) }) else { return nil }
        let under = rows.indices.contains(index + 1) && rows[index + 1].contains("↳") ? rows[index + 1] : ""
        return rows[index] + under
    }

    @Test("r lists every rule with its guests, why, and whether it holds; d asks, deletes the highlighted rule, and u brings it back")
    func deleteRule() async throws {
        var data = Self.seatingDataset()
        data.seatingRules = RecordTable([
            SeatingRule(id: Wedding1.uuid(91), ruleKind: .apart, guestIDs: [Wedding1.ana, Wedding1.dev], note: "exes",
                        createdAt: Wedding1.start),
            SeatingRule(id: Wedding1.uuid(92), ruleKind: .together, guestIDs: [Wedding1.dev, Wedding1.uuid(90)],
                        createdAt: Timestamp(millisecondsSince1970: Wedding1.start.millisecondsSince1970 + 60_000)),
        ])
        let planner = await PlannerHarness([data])
        await planner.press(.character("v"), .character("r"))
        #expect(planner.statusRow.hasPrefix(" SEATING RULES"))
        var rows = planner.rows
        #expect(rows[1].contains("2 rules") && rows[1].contains("1 broken"))
        #expect(rows[3].hasPrefix("This rule holds"))
        #expect(rows[5].contains("Apart") && rows[5].contains("Ana Alvarez and Dev Das") && rows[5].contains("exes"))
        #expect(rows[5].trimmingCharacters(in: .whitespaces).hasSuffix("yes"))
        #expect(rows[6].contains("Together") && rows[6].contains("Dev Das and Fay Fox") && rows[6].trimmingCharacters(in: .whitespaces).hasSuffix("no !"))
        await planner.press(.character("j"))
        #expect(planner.rows[3].hasPrefix("Keep together: Dev Das is at table 2 but Fay Fox has no table"))

        await planner.press(.character("d"))
        #expect(planner.frame().contains("Delete the seating rule keep together: Dev Das and Fay Fox?"))
        await planner.press(.escape)
        #expect(planner.session.seating.rules.count == 2)
        await planner.press(.character("d"), .character("y"))
        #expect(planner.session.seating.rules.map(\.id) == [Wedding1.uuid(91)])
        #expect(planner.statusRow.contains("Deleted keep together: Dev Das and Fay Fox"))
        rows = planner.rows
        #expect(rows[1].contains("1 rule") && rows[1].contains("0 broken"))
        #expect(!rows[6].contains("Together"))
        await planner.press(.character("u"))
        #expect(Set(planner.session.seating.rules.map(\.id)) == [Wedding1.uuid(91), Wedding1.uuid(92)])

        await planner.press(.character("v"))
        #expect(planner.statusRow.hasPrefix(" SEATING "))
        #expect(planner.rows[2].hasPrefix("1 rule problem"))
    }
}
