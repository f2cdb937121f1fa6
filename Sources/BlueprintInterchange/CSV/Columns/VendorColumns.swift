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
                bookingStatus,
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
                archived,
            ],
            requiredColumns: [["Vendor Name"]],
            matchColumns: ["Email"],
            blank: { Vendor(name: "") },
            matchKeys: { vendor in
                let email = vendor.email.lowercased()
                let name = CSVContext.nameKey(vendor.name)
                return (email.isEmpty ? [] : ["email:" + email]) + (name.isEmpty ? [] : ["name:" + name])
            },
            label: { $0.name })
    }

    /// The booking status. "Archived", the status older exports gave a vendor put away, reads as
    /// declined and archived (whatever the "Archived" column says), and merging it archives the
    /// vendor it updates.
    private static var bookingStatus: CSVColumn<Vendor> {
        CSVColumn("Booking Status", aliases: ["Status", "Vendor Status"],
                  read: { (text, _, vendor) throws(CSVValueError) in
                      if CSVChoices.isFormerArchivedStatus(text) {
                          vendor.status = .declined
                          vendor.isArchived = true
                      } else {
                          vendor.status = try CSVChoices.vendorStatus.parse(text, as: "a booking status")
                      }
                  },
                  copy: { source, target in
                      target.status = source.status
                      if source.isArchived { target.isArchived = true }
                  },
                  write: { vendor, _ in CSVChoices.label(vendor.status.rawValue) })
    }

    /// Whether the vendor is put away. A "No" here does not undo the former "Archived" status in
    /// the same row, whichever column comes first.
    private static var archived: CSVColumn<Vendor> {
        CSVColumn("Archived", aliases: ["Is Archived"],
                  read: { (text, _, vendor) throws(CSVValueError) in
                      let flag = try CSVChoices.yesNo.parse(text, as: "yes or no")
                      vendor.isArchived = vendor.isArchived || flag
                  },
                  copy: { source, target in target.isArchived = source.isArchived },
                  write: { vendor, _ in CSVChoices.label(vendor.isArchived) })
    }
}
