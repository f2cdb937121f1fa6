import BlueprintDomain
import Foundation

/// The vendor form (add and edit, with the link to a budget category) and the vendor filter form.
enum VendorForms {
    /// The ratings the form offers after "(none)".
    private static let ratings = Array(1...5)
    /// "Would book again": not said, yes, no.
    private static let bookAgainOptions = ["(not said)", "Yes", "No"]

    static func form(_ vendor: Vendor?, categories: [BudgetCategory], currency: Currency) -> Form {
        let vendor = vendor ?? Vendor(name: "")
        return Form(title: vendor.name.isEmpty ? "New vendor" : "Edit \(vendor.name)", fields: [
            .text("name", "Name", vendor.name),
            .choice("category", "Provides", VendorCategory.allCases.map(\.displayName),
                    selected: VendorCategory.allCases.firstIndex(of: vendor.category)!),
            .choice("status", "Status", VendorStatus.allCases.map { Formats.label($0.rawValue) },
                    selected: VendorStatus.allCases.firstIndex(of: vendor.status)!),
            .text("contactName", "Contact", vendor.contactName),
            .text("phone", "Phone", vendor.phone),
            .text("email", "Email", vendor.email, placeholder: "name@example.com"),
            .text("website", "Website", vendor.website),
            .text("quotedAmount", "Quote", vendor.quotedAmount.map(currency.plain) ?? "", placeholder: "amount"),
            .text("bookedDate", "Booked on", Formats.date(vendor.bookedDate), placeholder: "yyyy-mm-dd"),
            .choice("budgetCategory", "Budget category", ["(none)"] + categories.map(\.name),
                    selected: vendor.budgetCategoryID.flatMap { id in categories.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0),
            .text("notes", "Notes", vendor.notes),
            .choice("rating", "Rating", ["(none)"] + ratings.map(Formats.stars),
                    selected: vendor.rating.flatMap { ratings.firstIndex(of: $0) }.map { $0 + 1 } ?? 0),
            .text("review", "Review", vendor.review),
            .choice("wouldBookAgain", "Book again", bookAgainOptions,
                    selected: vendor.wouldBookAgain.map { $0 ? 1 : 2 } ?? 0),
        ])
    }

    static func vendor(from form: Form, base: Vendor, categories: [BudgetCategory], wedding: Wedding?) -> FormReading<Vendor> {
        var reader = FieldReader(form)
        var vendor = base
        let currency = wedding?.currency ?? .usd
        vendor.name = reader.text("name")
        vendor.category = VendorCategory.allCases[form["category"].selectedIndex]
        vendor.status = VendorStatus.allCases[form["status"].selectedIndex]
        vendor.contactName = reader.text("contactName")
        vendor.phone = reader.text("phone")
        vendor.email = reader.text("email")
        vendor.website = reader.text("website")
        vendor.quotedAmount = reader.money("quotedAmount", in: currency)
        vendor.bookedDate = reader.date("bookedDate")
        let category = form["budgetCategory"].selectedIndex
        vendor.budgetCategoryID = category == 0 ? nil : categories[category - 1].id
        vendor.notes = form["notes"].text
        let rating = form["rating"].selectedIndex
        vendor.rating = rating == 0 ? nil : ratings[rating - 1]
        vendor.review = form["review"].text
        vendor.wouldBookAgain = [nil, true, false][form["wouldBookAgain"].selectedIndex]
        if let wedding { reader.add(vendor.validationIssues(in: WeddingDataset(wedding: wedding, categories: categories))) }
        return FormReading(vendor, issues: reader.issues)
    }

    static func filterForm(_ filter: VendorFilter) -> Form {
        Form(title: "Filter vendors", fields: [
            .choice("status", "Status", ["Any"] + VendorStatus.allCases.map { Formats.label($0.rawValue) },
                    selected: filter.status.count == 1 ? VendorStatus.allCases.firstIndex(of: filter.status.first!)! + 1 : 0),
            .choice("category", "Provides", ["Any"] + VendorCategory.allCases.map(\.displayName),
                    selected: filter.category.count == 1 ? VendorCategory.allCases.firstIndex(of: filter.category.first!)! + 1 : 0),
            .text("text", "Contains", filter.text.text, placeholder: "name, contact, email, phone, website, notes"),
            .choice("archived", "Archived", ["Hidden", "Shown"], selected: filter.includesArchived ? 1 : 0),
        ])
    }

    static func filter(from form: Form) -> VendorFilter {
        let status = form["status"].selectedIndex, category = form["category"].selectedIndex
        return VendorFilter(text: form["text"].text,
                            status: status == 0 ? [] : [VendorStatus.allCases[status - 1]],
                            category: category == 0 ? [] : [VendorCategory.allCases[category - 1]],
                            includesArchived: form["archived"].selectedIndex == 1)
    }

    static func summary(_ filter: VendorFilter) -> String {
        Formats.filterSummary([
            filter.status.isEmpty ? nil : filter.status.map(\.rawValue).sorted().joined(separator: "/"),
            filter.category.isEmpty ? nil : filter.category.map(\.displayName).sorted().joined(separator: "/"),
            filter.text.isEmpty ? nil : "“\(filter.text.text)”",
            filter.includesArchived ? "with archived" : nil,
        ])
    }
}
