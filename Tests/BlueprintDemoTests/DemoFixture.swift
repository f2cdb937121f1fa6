import BlueprintDemo
import BlueprintDomain

/// The demo wedding the tests look at, made for a fixed day.
enum DemoFixture {
    static let today = CalendarDate(year: 2026, month: 3, day: 14)!

    static func options(seed: UInt64 = 2026, guests: Int = 180, vendors: Int = 14, tasks: Int = 40,
                        expenses: Int = 30, name: String? = nil) -> DemoWeddingOptions {
        DemoWeddingOptions(today: today, name: name, guests: guests, vendors: vendors, tasks: tasks, expenses: expenses,
                           seed: seed)
    }

    static func make(_ options: DemoWeddingOptions = options()) throws -> WeddingDataset {
        try DemoWeddingGenerator.make(options)
    }

    /// Every problem the domain's validators find in the dataset, named by record.
    static func validationProblems(in dataset: WeddingDataset) -> [String] {
        var problems = dataset.wedding.validationIssues(in: dataset).map { "wedding: \($0)" }
        func collect<R: TableRecord>(_ records: [R]) {
            for record in records {
                problems += record.validationIssues(in: dataset).map { "\(R.kind.noun) \(record.id): \($0)" }
            }
        }
        collect(dataset.guests.records)
        collect(dataset.categories.records)
        collect(dataset.expenses.records)
        collect(dataset.vendors.records)
        collect(dataset.tasks.records)
        return problems
    }
}
