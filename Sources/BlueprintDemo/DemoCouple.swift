import BlueprintDomain
/// One of the two people getting married, and the family they come from.
struct DemoPartner {
    let givenName: String
    let familyName: String
    let culture: DemoCulture
    /// The partner's parents' family name as they write it ("陈" for Mei Chen's parents).
    let parentsFamilyName: DemoName
}

/// The couple a demo wedding is for, with the people who help them plan.
struct DemoCouple {
    let partner1: DemoPartner
    let partner2: DemoPartner
    let planner: String
    /// A relative who takes on tasks: "Ngozi (Amara's sister)".
    let relative: String

    /// "Amara & Tomás".
    var weddingName: String { "\(partner1.givenName) & \(partner2.givenName)" }

    /// Who tasks are assigned to: the partners, the planner and the relative.
    var helpers: [String] { [partner1.givenName, partner2.givenName, "\(planner) (planner)", relative] }

    static let all: [DemoCouple] = [
        couple(("Amara", "Okafor", .westAfrican, "Okafor"), ("Tomás", "Herrera", .hispanic, "Herrera"),
               planner: "Renée Dubois", relative: "Ngozi (Amara's sister)"),
        couple(("Mei", "Chen", .chinese, "陈|chen"), ("Daniel", "Brooks", .american, "Brooks"),
               planner: "Jordan Ellis", relative: "Linda (Daniel's mom)"),
        couple(("Priya", "Sharma", .hindi, "शर्मा|sharma"), ("Jonas", "Lindqvist", .european, "Lindqvist"),
               planner: "Camille Okoro", relative: "Kavita (Priya's aunt)"),
        couple(("Sofía", "Martínez", .hispanic, "Martínez|martinez"), ("Kwame", "Mensah", .westAfrican, "Mensah"),
               planner: "Dana Whitlock", relative: "Rosa (Sofía's grandmother)"),
        couple(("Yuki", "Tanaka", .japanese, "田中|tanaka"), ("Elena", "Popescu", .european, "Popescu"),
               planner: "Morgan Reyes", relative: "Hana (Yuki's sister)"),
        couple(("Layla", "Haddad", .arabic, "حداد|haddad"), ("Marcus", "Bell", .american, "Bell"),
               planner: "Avery Quinn", relative: "Nour (Layla's cousin)"),
        couple(("Ji-woo", "Park", .korean, "박|park"), ("Noah", "Fischer", .european, "Fischer"),
               planner: "Taylor Brennan", relative: "Seo-yeon (Ji-woo's sister)"),
        couple(("Oksana", "Kravchuk", .ukrainian, "Кравчук|kravchuk"), ("Nikos", "Ioannou", .greek, "Ιωάννου|ioannou"),
               planner: "Sasha Morel", relative: "Eleni (Nikos's mom)"),
        couple(("Linh", "Nguyễn", .vietnamese, "Nguyễn|nguyen"), ("Sam", "Whitfield", .american, "Whitfield"),
               planner: "Riley Carver", relative: "Mai (Linh's sister)"),
    ]

    private typealias PartnerEntry = (given: String, family: String, culture: DemoCulture, parents: Substring)

    private static func couple(_ first: PartnerEntry, _ second: PartnerEntry, planner: String,
                               relative: String) -> DemoCouple {
        func partner(_ entry: PartnerEntry) -> DemoPartner {
            DemoPartner(givenName: entry.given, familyName: entry.family, culture: entry.culture,
                        parentsFamilyName: DemoName(entry.parents))
        }
        return DemoCouple(partner1: partner(first), partner2: partner(second), planner: planner, relative: relative)
    }
}
