import BlueprintDomain
import Foundation

/// What reading or writing a cell may need besides the cell: the wedding (currency, meal
/// options, partners' names) and the categories and vendors that rows name.
///
/// When `createsMissingCategories` is set (expense import), a category name the wedding does not
/// have yet becomes a new category, once per name, collected in `newCategories`. `options` may
/// collect new meal options and read other partners' names as both, the same way.
final class CSVContext {
    let wedding: Wedding
    let invitedBy: InvitedByNames
    let createsMissingCategories: Bool
    let options: CSVImportOptions
    private(set) var categories: [BudgetCategory]
    private(set) var newCategories: [BudgetCategory] = []
    /// Meal options rows chose that the wedding lacks, in the file's spelling and order.
    private(set) var newMealOptions: [String] = []
    /// "Invited By" values naming neither partner, read as both, in the file's order.
    private(set) var otherInvitedBy: [OtherInvitedBy] = []
    let vendors: [Vendor]
    private var categoriesByName: [String: [BudgetCategory]]
    private let categoryNames: [UUID: String]
    private let vendorsByName: [String: [Vendor]]
    private let vendorNames: [UUID: String]
    private var mealOptions: [String: String]
    /// The day an export judges each expense's status on (`Expense.standing`).
    let today: CalendarDate

    init(wedding: Wedding, categories: [BudgetCategory] = [], vendors: [Vendor] = [],
         createsMissingCategories: Bool = false, options: CSVImportOptions = CSVImportOptions(),
         today: CalendarDate = CalendarDate(Date(), in: .current)) {
        self.wedding = wedding
        self.today = today
        self.invitedBy = InvitedByNames(wedding: wedding)
        self.createsMissingCategories = createsMissingCategories
        self.options = options
        self.categories = categories
        self.vendors = vendors
        categoriesByName = Dictionary(grouping: categories) { CSVContext.nameKey($0.name) }
        categoryNames = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        vendorsByName = Dictionary(grouping: vendors) { CSVContext.nameKey($0.name) }
        vendorNames = Dictionary(vendors.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        mealOptions = Dictionary(wedding.mealOptions.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    var currency: Currency { wedding.currency }

    /// The wedding as the import leaves it: with the meal options it adds.
    var importedWedding: Wedding {
        var wedding = wedding
        wedding.mealOptions += newMealOptions
        return wedding
    }

    /// Who invited the guest, as `text` says; another wedding's partner reads as both when the
    /// options say so (and is counted).
    func readInvitedBy(_ text: String) throws(CSVValueError) -> InvitedBy {
        do {
            return try invitedBy.parse(text)
        } catch {
            guard options.readsOtherInvitedByAsBoth else { throw error }
            let name = CSVValues.trimmed(text)
            if let index = otherInvitedBy.firstIndex(where: { LooseKey.of($0.name) == LooseKey.of(name) }) {
                otherInvitedBy[index] = OtherInvitedBy(name: otherInvitedBy[index].name, guests: otherInvitedBy[index].guests + 1)
            } else {
                otherInvitedBy.append(OtherInvitedBy(name: name, guests: 1))
            }
            return .both
        }
    }

    /// The category `text` names (case-insensitively); required.
    func categoryID(named text: String) throws(CSVValueError) -> UUID {
        let name = CSVValues.trimmed(text)
        guard !name.isEmpty else { throw CSVValueError("a budget category is required") }
        if let id = try existingCategoryID(named: name) { return id }
        guard createsMissingCategories || options.createsMissingCategories else { throw CSVValueError("there is no budget category named '\(name)'") }
        let created = BudgetCategory(name: name)
        newCategories.append(created)
        categories.append(created)
        categoriesByName[CSVContext.nameKey(name)] = [created]
        return created.id
    }

    /// The category `text` names, or `nil` for a blank cell; it must exist unless the options
    /// create missing categories.
    func optionalCategoryID(named text: String) throws(CSVValueError) -> UUID? {
        let name = CSVValues.trimmed(text)
        guard !name.isEmpty else { return nil }
        if options.createsMissingCategories { return try categoryID(named: name) }
        guard let id = try existingCategoryID(named: name) else {
            throw CSVValueError("there is no budget category named '\(name)'")
        }
        return id
    }

    /// The vendor `text` names, or `nil` for a blank cell; it must exist.
    func vendorID(named text: String) throws(CSVValueError) -> UUID? {
        let name = CSVValues.trimmed(text)
        guard !name.isEmpty else { return nil }
        let matches = vendorsByName[CSVContext.nameKey(name)] ?? []
        guard matches.count <= 1 else { throw CSVValueError("\(matches.count) vendors are named '\(name)'") }
        guard let vendor = matches.first else { throw CSVValueError("there is no vendor named '\(name)'") }
        return vendor.id
    }

    /// The meal option `text` names (case-insensitively), in the option's own spelling; blank for none.
    func mealOption(_ text: String) throws(CSVValueError) -> String {
        let text = CSVValues.trimmed(text)
        guard !text.isEmpty else { return "" }
        guard let option = mealOptions[text.lowercased()] else {
            if options.collectsNewMealOptions {
                newMealOptions.append(text)
                mealOptions[text.lowercased()] = text
                return text
            }
            throw CSVValueError("'\(text)' is not one of the meal options (\(wedding.mealOptions.joined(separator: ", ")))")
        }
        return option
    }

    func categoryName(_ id: UUID?) -> String { id.flatMap { categoryNames[$0] } ?? "" }
    func vendorName(_ id: UUID?) -> String { id.flatMap { vendorNames[$0] } ?? "" }

    private func existingCategoryID(named name: String) throws(CSVValueError) -> UUID? {
        let matches = categoriesByName[CSVContext.nameKey(name)] ?? []
        guard matches.count <= 1 else { throw CSVValueError("\(matches.count) budget categories are named '\(name)'") }
        return matches.first?.id
    }

    /// Names match ignoring case and surrounding or repeated spaces.
    static func nameKey(_ name: String) -> String {
        var name = name
        if let key = name.withUTF8(asciiNameKey) { return key }
        return name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `nameKey` of ASCII text in one pass over its bytes (merging a large file computes a key
    /// for every row and every existing record); `nil` when the text is not ASCII.
    private static func asciiNameKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                pendingSpace = !key.isEmpty
            default:
                if pendingSpace { key.append(UInt8(ascii: " ")) }
                pendingSpace = false
                key.append(UInt8(ascii: "A")...UInt8(ascii: "Z") ~= byte ? byte + 32 : byte)
            }
        }
        return String(decoding: key, as: UTF8.self)
    }
}
