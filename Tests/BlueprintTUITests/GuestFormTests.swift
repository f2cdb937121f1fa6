import BlueprintDomain
@testable import BlueprintTUI
import Testing

@Suite("The guest form")
@MainActor
struct GuestFormTests {
    let tables = [SeatingTable(number: 1, name: "Head table", capacity: 8), SeatingTable(number: 2, name: "", capacity: 10),
                  SeatingTable(number: 3, name: "Jardín", capacity: 10)]
    let wedding = Wedding(name: "Ana & Ben")

    /// The form for `guest` with field `name` typed as `text`, read back.
    func read(_ guest: Guest, setting name: String? = nil, to text: String = "") -> FormReading<Guest> {
        var form = GuestForms.form(editing: guest, wedding: wedding, tables: tables)
        if let name {
            form = Form(title: form.title, fields: form.fields.map { $0.name == name ? .text(name, $0.label, text) : $0 })
        }
        return GuestForms.guest(from: form, base: guest, wedding: wedding, tables: tables)
    }

    func table(_ reading: FormReading<Guest>) -> Int?? {
        guard case .valid(let guest) = reading else { return .none }
        return .some(guest.table)
    }

    @Test("the Table field takes a table's number or its name, any case and accents; it shows the name beside the number")
    func tableByName() {
        let guest = Guest(firstName: "Ana", lastName: "Ruiz", table: 1)
        #expect(GuestForms.form(editing: guest, wedding: wedding, tables: tables)["table"].text == "1 Head table")
        #expect(table(read(guest)) == .some(1), "what the form shows reads back")
        #expect(table(read(guest, setting: "table", to: "head TABLE")) == .some(1))
        #expect(table(read(guest, setting: "table", to: "jardin")) == .some(3))
        #expect(table(read(guest, setting: "table", to: "2")) == .some(2))
        #expect(table(read(guest, setting: "table", to: "")) == .some(nil))
        guard case .invalid(let issues) = read(guest, setting: "table", to: "Garden") else {
            Issue.record("a table nobody is called is refused")
            return
        }
        #expect(issues.map(\.message) == ["no table is called 'Garden'; give its number or one of: Head table, Jardín"])
    }

    @Test("the postal address is in the form and reads back into the guest")
    func address() {
        var guest = Guest(firstName: "Ana", lastName: "Ruiz")
        guest.address = Address(line1: "1 Rua Augusta", city: "Lisboa", postalCode: "1100-048", country: "Portugal")
        guard case .valid(let same) = read(guest) else {
            Issue.record("the guest reads back")
            return
        }
        #expect(same.address == guest.address)
        guard case .valid(let moved) = read(guest, setting: "city", to: "Porto") else {
            Issue.record("a new city reads back")
            return
        }
        #expect(moved.address.city == "Porto" && moved.address.line1 == "1 Rua Augusta")
    }
}
