import BlueprintDomain

extension CSVSchema where R == Vendor {
    /// Vendors: the original app's export headers and the usual variants. A budget category is
    /// named and must exist; merging matches a vendor by email, else by name.
    static var vendors: CSVSchema<Vendor> {
        CSVSchema(
            columns: [
                .text("Vendor Name", aliases: ["Name", "Vendor", "Business", "Business Name", "Company"],
                      issueField: "name", \.name),
                .text("Contact Name", aliases: ["Contact", "Contact Person"], \.contactName),
                .text("Phone Number", aliases: ["Phone", "Mobile", "Telephone", "Tel"], \.phone),
                .field("Email", aliases: ["E-mail", "Email Address"], issueField: "email", \.email,
                       parse: { text, _ in CSVValues.trimmed(text) }, format: { value, _ in value }),
                .field("Vendor Type", aliases: ["Category", "Type", "Service", "Vendor Category"], \.category,
                       parse: { (text, _) throws(CSVValueError) in try CSVChoices.vendorCategory.parse(text, as: "a vendor type") },
                       format: { value, _ in value.displayName }),
                .field("Quoted Amount", aliases: ["Quote", "Price", "Quoted", "Quoted Price", "Estimate"],
                       issueField: "quotedAmount", \.quotedAmount,
                       parse: { (text, context) throws(CSVValueError) in try CSVValues.optionalMoney(text, in: context.currency) },
                       format: { value, context in value.map(context.currency.plain) ?? "" }),
                .text("Website", aliases: ["URL", "Web", "Web Site", "Site"], \.website),
                .field("Booking Status", aliases: ["Status", "Vendor Status"], \.status,
                       parse: { (text, _) throws(CSVValueError) in try CSVChoices.vendorStatus.parse(text, as: "a booking status") },
                       format: { value, _ in CSVChoices.label(value.rawValue) }),
                .date("Booked Date", aliases: ["Booking Date", "Date Booked"], \.bookedDate),
                .field("Budget Category", issueField: "budgetCategory", \.budgetCategoryID,
                       parse: { (text, context) throws(CSVValueError) in try context.optionalCategoryID(named: text) },
                       format: { value, context in context.categoryName(value) }),
                .text("Notes", aliases: ["Note", "Comments"], \.notes),
                .field("Rating", aliases: ["Stars", "Star Rating", "Score"], issueField: "rating", \.rating,
                       parse: { (text, _) throws(CSVValueError) in try CSVValues.wholeNumber(text) },
                       format: { value, _ in value.map(String.init) ?? "" }),
                .text("Review", aliases: ["Vendor Review", "Feedback"], \.review),
                .field("Would Book Again", aliases: ["Book Again", "Rebook", "Would Rebook", "Recommend"], \.wouldBookAgain,
                       parse: { (text, _) throws(CSVValueError) in
                           CSVValues.trimmed(text).isEmpty ? nil : try CSVChoices.yesNo.parse(text, as: "yes or no")
                       },
                       format: { value, _ in value.map(CSVChoices.label) ?? "" }),
                .flag("Archived", aliases: ["Is Archived"], \.isArchived),
            ],
            requiredColumns: [["Vendor Name"]],
            blank: { Vendor(name: "") },
            matchKeys: { vendor in
                let email = vendor.email.lowercased()
                let name = CSVContext.nameKey(vendor.name)
                return (email.isEmpty ? [] : ["email:" + email]) + (name.isEmpty ? [] : ["name:" + name])
            },
            label: { $0.name })
    }
}
