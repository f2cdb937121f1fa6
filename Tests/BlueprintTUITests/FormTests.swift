import BlueprintDomain
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Forms")
@MainActor
struct FormTests {
    func sample() -> Form {
        Form(title: "New guest", fields: [
            .text("firstName", "First name", ""),
            .text("email", "Email", "", placeholder: "name@example.com"),
            .choice("rsvp", "RSVP", ["Invited", "Pending", "Attending", "Maybe", "Declined"], selected: 0),
            .toggle("plusOneAllowed", "Plus-one allowed", false),
            .text("table", "Table", ""),
        ])
    }

    @Test("Tab and ↓ go to the next field, Shift-Tab and ↑ to the previous, wrapping around")
    func focusMoves() {
        var form = sample()
        _ = form.handle(.tab)
        #expect(form.focusedField.name == "email")
        _ = form.handle(.down)
        #expect(form.focusedField.name == "rsvp")
        _ = form.handle(.backTab)
        _ = form.handle(.up)
        #expect(form.focusedField.name == "firstName")
        _ = form.handle(.backTab)
        #expect(form.focusedField.name == "table")
    }

    @Test("text fields take wide characters and readline keys; Enter and Esc go to the form's owner")
    func typing() {
        var form = sample()
        for character in "Zoë 山田 Smith" { _ = form.handle(.character(character)) }
        _ = form.handle(.control("w"))
        #expect(form["firstName"].text == "Zoë 山田 ")
        _ = form.handle(.control("a"))
        _ = form.handle(.character("q"))
        #expect(form["firstName"].text == "qZoë 山田 ")
        #expect(form.handle(.enter) == .submit)
        #expect(form.handle(.escape) == .cancel)
    }

    @Test("a pick-list field: ← and → step through the options, a letter jumps, Space opens the list")
    func choices() {
        var form = sample()
        form.focus(on: "rsvp")
        #expect(form.keyMode == .choiceField)
        _ = form.handle(.right)
        #expect(form["rsvp"].text == "Pending")
        _ = form.handle(.left)
        _ = form.handle(.left)
        #expect(form["rsvp"].text == "Declined")
        _ = form.handle(.character("a"))
        #expect(form["rsvp"].text == "Attending")
        _ = form.handle(.character(" "))
        #expect(form.keyMode == .pickList)
        #expect(form.pickListSelection == 2)
        _ = form.handle(.character("j"))
        _ = form.handle(.down)
        _ = form.handle(.down)
        #expect(form.pickListSelection == 4)
        _ = form.handle(.escape)
        #expect(form["rsvp"].text == "Attending")
        _ = form.handle(.character(" "))
        _ = form.handle(.character("k"))
        #expect(form.handle(.enter) == nil)
        #expect(form["rsvp"].text == "Pending")
        #expect(form.keyMode == .choiceField)
    }

    @Test("in an open pick-list a letter jumps to the next choice that starts with it; Enter takes it")
    func pickListLetters() {
        var form = sample()
        form.focus(on: "rsvp")
        _ = form.handle(.character(" "))
        _ = form.handle(.character("d"))
        #expect(form.pickListSelection == 4)
        _ = form.handle(.character("P"))
        #expect(form.pickListSelection == 1)
        _ = form.handle(.character("z"))
        #expect(form.pickListSelection == 1)
        #expect(form["rsvp"].text == "Invited")
        #expect(form.handle(.enter) == nil)
        #expect(form["rsvp"].text == "Pending")
        #expect(form.keyMode == .choiceField)
    }

    @Test("a yes/no field toggles with the arrows")
    func toggles() {
        var form = sample()
        form.focus(on: "plusOneAllowed")
        #expect(!form.isOn("plusOneAllowed"))
        _ = form.handle(.right)
        #expect(form.isOn("plusOneAllowed"))
        _ = form.handle(.right)
        #expect(!form.isOn("plusOneAllowed"))
    }

    @Test("problems land beside the fields the domain names; the focus goes to the first; editing a field clears its problem")
    func issues() {
        var form = sample()
        form.show([ValidationIssue(field: "table", message: "a table number must be 1 or more"),
                   ValidationIssue(field: "email", message: "'bob@' is not an email address"),
                   ValidationIssue(field: "installments[2].amount", message: "an installment cannot be negative")])
        #expect(form.focusedField.name == "email")
        #expect(form.issues == ["table": "a table number must be 1 or more", "email": "'bob@' is not an email address"])
        #expect(form.generalIssues == ["installments[2].amount: an installment cannot be negative"])
        _ = form.handle(.character("x"))
        #expect(form.issues["email"] == nil)
        #expect(form.issues["table"] != nil)
    }

    @Test("following the record: an untouched field takes the new value, an edited one keeps what was typed; both are marked")
    func followsTheRecord() {
        var form = sample()
        for character in "Zoë" { _ = form.handle(.character(character)) }
        var latest = sample()
        latest.follow(Form(title: "New guest", fields: [
            .text("firstName", "First name", "Zoe"), .text("email", "Email", "zoe@example.com"),
            .choice("rsvp", "RSVP", ["Invited", "Pending", "Attending", "Maybe", "Declined"], selected: 4),
        ]))
        form.follow(latest)
        #expect(form["firstName"].text == "Zoë", "what was typed stays")
        #expect(form.changedElsewhere["firstName"] == Form.ChangeElsewhere(theirs: "Zoe", taken: false))
        #expect(form["email"].text == "zoe@example.com" && form["rsvp"].text == "Declined")
        #expect(form.changedElsewhere["email"]?.taken == true && form.changedElsewhere["rsvp"]?.taken == true)
        #expect(form.changedElsewhere["table"] == nil, "a field they did not change is not marked")

        form.follow(latest)
        #expect(form.changedElsewhere.count == 3, "the same record read again changes nothing")
        var untouched = sample()
        untouched.follow(latest)
        #expect(!untouched.isDirty, "taking their values is not an edit to drop or save")
    }

    @Test("a form is dirty once a value changes, not when the cursor moves")
    func dirty() {
        var form = Form(title: "Edit", fields: [.text("firstName", "First name", "Ana")])
        _ = form.handle(.left)
        #expect(!form.isDirty)
        _ = form.handle(.backspace)
        #expect(form.isDirty)
        _ = form.handle(.character("n"))
        #expect(!form.isDirty)
    }

    @Test("at 80×24 a problem that fits goes beside its field, a long one under it; the open pick-list lists every option")
    func rendering() {
        var form = sample()
        form.show([ValidationIssue(field: "table", message: "must be 1 or more"),
                   ValidationIssue(field: "email", message: "'bob@example' is not an email address: it needs a dotted domain")])
        form.focus(on: "rsvp")
        _ = form.handle(.character(" "))
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        FormView.render(form, into: canvas, footer: FormView.keyHints(.standard))
        #expect(canvas.text == """







         ┌─ New guest ────────────────────────────────────────────────────────────────┐
         │                                                                            │
         │       First name                                                           │
         │            Email  name@example.com                                         │
         │                   ↳ 'bob@example' is not an email address: it needs a dot… │
         │             RSVP  ◂ Invited ▸                                              │
         │ Plus-one allowed  ┌───────────┐                                            │
         │            Table  │ Invited   │                         must be 1 or more  │
         │                   │ Pending   │                                            │
         └───────────────────│ Attending │Enter saves · Esc cancels · Tab next field ─┘
                             │ Maybe     │
                             │ Declined  │
                             └───────────┘




        """)
    }
}
