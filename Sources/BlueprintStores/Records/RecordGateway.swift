import BlueprintDomain
import Foundation

/// How a store reaches one kind of record of its wedding through the repository protocols.
struct RecordGateway<R: Record>: Sendable {
    let fetchAll: @Sendable () async throws -> [R]
    let fetch: @Sendable (UUID) async throws -> R
    let create: @Sendable (R) async throws -> R
    let update: @Sendable (R) async throws -> R
    let delete: @Sendable (UUID) async throws -> Void
}

extension RecordGateway where R == Guest {
    static func guests(_ repository: any GuestRepository, in wedding: WeddingID) -> Self {
        Self(fetchAll: { try await repository.fetchGuests(in: wedding) },
             fetch: { try await repository.fetchGuest(id: $0, in: wedding) },
             create: { try await repository.createGuest($0, in: wedding) },
             update: { try await repository.updateGuest($0, in: wedding) },
             delete: { try await repository.deleteGuest(id: $0, in: wedding) })
    }
}

extension RecordGateway where R == BudgetCategory {
    static func categories(_ repository: any BudgetRepository, in wedding: WeddingID) -> Self {
        Self(fetchAll: { try await repository.fetchCategories(in: wedding) },
             fetch: { try await repository.fetchCategory(id: $0, in: wedding) },
             create: { try await repository.createCategory($0, in: wedding) },
             update: { try await repository.updateCategory($0, in: wedding) },
             delete: { try await repository.deleteCategory(id: $0, in: wedding) })
    }
}

extension RecordGateway where R == Expense {
    static func expenses(_ repository: any BudgetRepository, in wedding: WeddingID) -> Self {
        Self(fetchAll: { try await repository.fetchExpenses(in: wedding) },
             fetch: { try await repository.fetchExpense(id: $0, in: wedding) },
             create: { try await repository.createExpense($0, in: wedding) },
             update: { try await repository.updateExpense($0, in: wedding) },
             delete: { try await repository.deleteExpense(id: $0, in: wedding) })
    }
}

extension RecordGateway where R == Vendor {
    static func vendors(_ repository: any VendorRepository, in wedding: WeddingID) -> Self {
        Self(fetchAll: { try await repository.fetchVendors(in: wedding) },
             fetch: { try await repository.fetchVendor(id: $0, in: wedding) },
             create: { try await repository.createVendor($0, in: wedding) },
             update: { try await repository.updateVendor($0, in: wedding) },
             delete: { try await repository.deleteVendor(id: $0, in: wedding) })
    }
}

extension RecordGateway where R == WeddingTask {
    static func tasks(_ repository: any TaskRepository, in wedding: WeddingID) -> Self {
        Self(fetchAll: { try await repository.fetchTasks(in: wedding) },
             fetch: { try await repository.fetchTask(id: $0, in: wedding) },
             create: { try await repository.createTask($0, in: wedding) },
             update: { try await repository.updateTask($0, in: wedding) },
             delete: { try await repository.deleteTask(id: $0, in: wedding) })
    }
}

extension RecordGateway where R == Wedding {
    /// The one wedding record of `wedding`, as a collection of one.
    static func wedding(_ repository: any WeddingRepository, _ wedding: WeddingID) -> Self {
        Self(fetchAll: { [try await repository.fetchWedding(wedding)] },
             fetch: { _ in try await repository.fetchWedding(wedding) },
             create: { try await repository.createWedding($0) },
             update: { try await repository.updateWedding($0) },
             delete: { _ in try await repository.deleteWedding(wedding) })
    }
}
