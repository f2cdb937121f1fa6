import BlueprintDomain
import Foundation

/// Where demo guests live in the United States, and their fictional phone numbers.
enum DemoPlaces {
    private struct City {
        let name: String
        let state: String
        let zipPrefix: String
        let areaCode: String
    }

    private static let cities = [
        City(name: "Oakland", state: "CA", zipPrefix: "946", areaCode: "510"),
        City(name: "Austin", state: "TX", zipPrefix: "787", areaCode: "512"),
        City(name: "Chicago", state: "IL", zipPrefix: "606", areaCode: "312"),
        City(name: "Brooklyn", state: "NY", zipPrefix: "112", areaCode: "718"),
        City(name: "Seattle", state: "WA", zipPrefix: "981", areaCode: "206"),
        City(name: "Atlanta", state: "GA", zipPrefix: "303", areaCode: "404"),
        City(name: "Denver", state: "CO", zipPrefix: "802", areaCode: "303"),
        City(name: "Portland", state: "OR", zipPrefix: "972", areaCode: "503"),
        City(name: "Houston", state: "TX", zipPrefix: "770", areaCode: "713"),
        City(name: "Minneapolis", state: "MN", zipPrefix: "554", areaCode: "612"),
        City(name: "Philadelphia", state: "PA", zipPrefix: "191", areaCode: "215"),
        City(name: "San Diego", state: "CA", zipPrefix: "921", areaCode: "619"),
        City(name: "Boston", state: "MA", zipPrefix: "021", areaCode: "617"),
        City(name: "Miami", state: "FL", zipPrefix: "331", areaCode: "305"),
    ]

    private static let streets = [
        "Maple Street", "Valencia Street", "Cedar Avenue", "Lakeview Drive", "Elm Court", "Juniper Lane",
        "Harbor Way", "Magnolia Boulevard", "Ridge Road", "Willow Street", "Park Place", "Sycamore Drive",
    ]

    /// A street address in a US city, with its area code for the household's phones.
    static func usAddress(random: inout SeededRandom) -> (address: Address, areaCode: String) {
        let city = random.pick(cities)
        var line2 = ""
        if random.chance(20) { line2 = "Apt \(random.int(in: 1...24))\(random.pick(["A", "B", "C", "D"]))" }
        let address = Address(line1: "\(random.int(in: 12...4_890)) \(random.pick(streets))", line2: line2,
                              city: city.name, region: city.state, postalCode: city.zipPrefix + twoDigits(random.below(100)),
                              country: "United States")
        return (address, city.areaCode)
    }

    /// An address abroad from `templates`, its `#` replaced by a house number.
    static func address(from templates: [Address], random: inout SeededRandom) -> Address {
        var address = random.pick(templates)
        if let mark = address.line1.firstIndex(of: "#") {
            address.line1.replaceSubrange(mark...mark, with: String(random.int(in: 2...180)))
        }
        return address
    }

    /// A US number in 555-0100...555-0199, the range set aside for fiction.
    static func usPhone(areaCode: String, random: inout SeededRandom) -> String {
        "(\(areaCode)) 555-01" + twoDigits(random.below(100))
    }

    /// A US area code for a business.
    static func areaCode(random: inout SeededRandom) -> String { random.pick(cities).areaCode }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
