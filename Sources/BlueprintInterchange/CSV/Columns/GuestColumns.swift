import BlueprintDomain

extension CSVSchema where R == Guest {
    /// Guest lists: the original app's import and export headers and the usual variants.
    /// A "Full Name" column is split (`PersonName`: the last word with its particles and suffixes
    /// is the last name) only when there is no first or last name column; merging matches a guest by email, else by full name.
    static var guests: CSVSchema<Guest> {
        CSVSchema(
            columns: [
                CSVColumn("Full Name", aliases: ["Name", "Guest Name", "Guest"], issueFields: ["firstName"],
                          unusedBeside: ["First Name", "Last Name"],
                          read: { text, _, guest in
                              let name = PersonName(splitting: text)
                              guest.firstName = name.first
                              guest.lastName = name.last
                          },
                          copy: { source, target in
                              target.firstName = source.firstName
                              target.lastName = source.lastName
                          },
                          write: { guest, _ in guest.fullName }),
                .text("First Name", aliases: ["Given Name", "First", "Forename"], issueField: "firstName", \.firstName),
                .text("Last Name", aliases: ["Surname", "Family Name", "Last"], issueField: "firstName", \.lastName),
                .field("Email", aliases: ["E-mail", "Email Address"], issueField: "email", \.email,
                       parse: { text, _ in CSVValues.trimmed(text) }, format: { value, _ in value }),
                .text("Phone", aliases: ["Phone Number", "Mobile", "Mobile Phone", "Cell", "Cell Phone", "Telephone", "Tel"],
                      \.phone),
                .field("RSVP Status", aliases: ["RSVP", "Response", "RSVP Response", "Status"], \.rsvp,
                       parse: { (text, _) throws(CSVValueError) in try CSVChoices.rsvp.parse(text, as: "an RSVP status") },
                       format: { value, _ in CSVChoices.label(value.rawValue) }),
                .field("Invited By", aliases: ["Side", "Guest Of"], \.invitedBy,
                       parse: { (text, context) throws(CSVValueError) in try context.readInvitedBy(text) },
                       format: { value, context in context.invitedBy.label(value) }),
                .text("Household", aliases: ["Group", "Party", "Guest Group", "Household Name"], \.household),
                .text("Relationship", aliases: ["Relationship to Couple", "Relation"], \.relationship),
                .field("Table Assignment", aliases: ["Table", "Table Number", "Table No"], issueField: "table", \.table,
                       parse: { (text, _) throws(CSVValueError) in try CSVValues.wholeNumber(text) },
                       format: { value, _ in value.map(String.init) ?? "" }),
                .field("Seat Number", aliases: ["Seat", "Seat No"], issueField: "seat", \.seat,
                       parse: { (text, _) throws(CSVValueError) in try CSVValues.wholeNumber(text) },
                       format: { value, _ in value.map(String.init) ?? "" }),
                .mealOption("Meal Option", aliases: ["Meal", "Meal Choice", "Meal Selection", "Entrée"], issueField: "mealChoice",
                            \.mealChoice),
                .text("Dietary Restrictions", aliases: ["Dietary", "Diet", "Dietary Needs", "Allergies"], \.dietaryRestrictions),
                .text("Accessibility Needs", aliases: ["Accessibility"], \.accessibilityNeeds),
                .flag("Plus One Allowed", aliases: ["Plus One", "Plus-One", "Plus 1", "Plus One Allowed?"], \.plusOneAllowed),
                .text("Plus One Name", aliases: ["Plus 1 Name", "Guest of Guest"], issueField: "plusOneName", \.plusOneName),
                .flag("Plus One Attending", aliases: ["Plus 1 Attending"], issueField: "plusOneAttending", \.plusOneAttending),
                .mealOption("Plus One Meal Option", aliases: ["Plus One Meal", "Plus 1 Meal", "Plus One Meal Choice"],
                            issueField: "plusOneMealChoice", \.plusOneMealChoice),
                .text("Plus One Dietary Restrictions", aliases: ["Plus One Dietary", "Plus One Diet", "Plus 1 Dietary",
                                                                 "Plus One Dietary Needs", "Plus One Allergies"],
                      issueField: "plusOneDietaryRestrictions", \.plusOneDietaryRestrictions),
                .text("Wedding Party Role", aliases: ["Role", "Wedding Party"], \.weddingPartyRole),
                .text("Address Line 1", aliases: ["Address", "Address 1", "Street Address", "Street"], \.address.line1),
                .text("Address Line 2", aliases: ["Address 2"], \.address.line2),
                .text("City", aliases: ["Town"], \.address.city),
                .text("State", aliases: ["Region", "Province", "State/Region", "State/Province", "County"], \.address.region),
                .text("Zip Code", aliases: ["Zip", "Postal Code", "Postcode", "Post Code"], \.address.postalCode),
                .text("Country", \.address.country),
                .text("Notes", aliases: ["Note", "Comments"], \.notes),
            ],
            requiredColumns: [["First Name", "Last Name", "Full Name"]],
            matchColumns: ["Email"],
            blank: { Guest(firstName: "", lastName: "") },
            matchKeys: { guest in
                let email = guest.email.lowercased()
                let name = CSVContext.nameKey(guest.fullName)
                return (email.isEmpty ? [] : ["email:" + email]) + (name.isEmpty ? [] : ["name:" + name])
            },
            label: { $0.fullName })
    }
}

extension CSVColumn where R == Guest {
    /// A meal column: one of the wedding's meal options (any case), or blank for not chosen.
    static func mealOption(_ header: String, aliases: [String], issueField: String,
                           _ keyPath: WritableKeyPath<Guest, String>) -> CSVColumn {
        field(header, aliases: aliases, issueField: issueField, keyPath,
              parse: { (text, context) throws(CSVValueError) in try context.mealOption(text) },
              format: { value, _ in value })
    }
}
