import BlueprintDomain

/// The records kept in tables, as their declarations say (`TableRecord.resourcesMadeStale`),
/// and the installments and subtasks kept inside expenses and tasks (each an update of its holder).
public struct RecordCacheStrategy: CacheInvalidationStrategy {
    public init() {}

    public func resources(invalidatedBy action: CacheOperation.Action) -> Set<CacheResource> {
        switch action {
        case .record(let write, let kind):
            return WeddingDataset.tableRecordType(of: kind)?.resourcesMadeStale(by: write) ?? []
        case .installmentCreated, .installmentUpdated, .installmentDeleted:
            return Expense.resourcesMadeStale(by: .updated)
        case .subtaskCreated, .subtaskUpdated, .subtaskDeleted:
            return WeddingTask.resourcesMadeStale(by: .updated)
        case .weddingCreated, .weddingSettingsUpdated, .weddingDeleted:
            return []
        }
    }
}
