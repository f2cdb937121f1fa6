import BlueprintDomain
import Foundation

extension CSVImporter {
    /// Plans the budget categories `export categories --format json` wrote, so vendors and
    /// expenses in JSON that name them by id can follow them into another wedding.
    ///
    /// A category the wedding has (the same id, else the same name) is not added again: it is
    /// unchanged, and the file's id for it is listed in `renamedIDs` (old → the wedding's). The
    /// others are added under their own ids, their parents followed the same way.
    public func planCategories(json data: Data, fileName: String,
                               existing: [BudgetCategory]) throws(CSVImportError) -> CSVImportPlan<BudgetCategory> {
        let records = try JSONRecordImport<BudgetCategory>.records(data, fileName: fileName)
        let ids = Set(existing.map(\.id))
        let byName = Dictionary(existing.map { (CSVContext.nameKey($0.name), $0.id) }, uniquingKeysWith: { first, _ in first })
        var renamed: [UUID: UUID] = [:], added: [(index: Int, category: BudgetCategory)] = [], unchanged = 0
        for (index, category) in records.enumerated() {
            if ids.contains(category.id) {
                unchanged += 1
            } else if let match = byName[CSVContext.nameKey(category.name)] {
                renamed[category.id] = match
                unchanged += 1
            } else {
                added.append((index, category))
            }
        }
        var problems: [CSVImportProblem] = []
        let known = ids.union(added.map(\.category.id))
        var inserts: [(index: Int, category: BudgetCategory)] = []
        for (index, var category) in added {
            if let parent = category.parentID {
                let target = renamed[parent] ?? parent
                guard known.contains(target) else {
                    problems.append(JSONRecordImport<BudgetCategory>.problem(
                        at: index, field: "parentID", "there is no budget category with id \(parent.uuidString.lowercased())"))
                    continue
                }
                category.parentID = target
            }
            inserts.append((index, category))
        }
        let dataset = WeddingDataset(wedding: wedding, categories: existing + inserts.map(\.category))
        for (index, category) in inserts {
            problems += category.validationIssues(in: dataset).map {
                JSONRecordImport<BudgetCategory>.problem(at: index, field: $0.field, $0.message)
            }
        }
        guard problems.isEmpty else { throw CSVImportError(fileName: fileName, problems: problems) }
        return CSVImportPlan(batch: ImportBatch(inserts: inserts.map(\.category)), unchanged: unchanged, newCategories: [], newMealOptions: [],
                             otherInvitedBy: [], ignoredColumns: [], renamedIDs: renamed)
    }
}
