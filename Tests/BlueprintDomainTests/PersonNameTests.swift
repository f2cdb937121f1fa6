import BlueprintDomain
import Testing

@Suite("Splitting a whole name")
struct PersonNameTests {
    @Test("suffixes stay with the last name, particles join it, a comma puts the last name first", arguments: [
        ("Mark Twain Jr.", "Mark", "Twain Jr."), ("Mark Twain, Jr.", "Mark", "Twain Jr."), ("Martin Luther King III", "Martin Luther", "King III"),
        ("Grace Okafor PhD", "Grace", "Okafor PhD"), ("Ada Lovelace Ph.D.", "Ada", "Lovelace Ph.D."), ("John Smith Sr", "John", "Smith Sr"),
        ("Ludwig van Beethoven", "Ludwig", "van Beethoven"), ("Juan de la Cruz", "Juan", "de la Cruz"),
        ("Vincent van der Berg", "Vincent", "van der Berg"), ("Leonardo da Vinci", "Leonardo", "da Vinci"),
        ("Van Morrison", "Van", "Morrison"), ("Twain, Mark", "Mark", "Twain"), ("de la Cruz, Juan", "Juan", "de la Cruz"),
        ("Cher", "Cher", ""), ("  Ana   María  Ruiz ", "Ana María", "Ruiz"), ("", "", ""), ("Prince II", "Prince II", ""),
    ])
    func split(whole: String, first: String, last: String) {
        let name = PersonName(splitting: whole)
        #expect(name.first == first)
        #expect(name.last == last)
    }
}
