import BlueprintDomain
import Foundation

/// How a store reaches one kind of record of its wedding through the repository protocols.
struct RecordGateway<R: Record>: Sendable {
    let fetchAll: @Sendable () async throws -> RecordTable<R>
    let fetch: @Sendable (UUID) async throws -> R
    let create: @Sendable (R) async throws -> R
    let update: @Sendable (R) async throws -> R
    let delete: @Sendable (UUID) async throws -> Void
}

extension RecordGateway where R: TableRecord {
    /// The records of `wedding` through their kind's repository (`GuestRepository.guestRecords`, …).
    init(_ repository: any RecordRepository<R>, in wedding: WeddingID) {
        self.init(fetchAll: { try await repository.fetchAll(in: wedding) },
                  fetch: { try await repository.fetch(id: $0, in: wedding) },
                  create: { try await repository.create($0, in: wedding) },
                  update: { try await repository.update($0, in: wedding) },
                  delete: { try await repository.delete(id: $0, in: wedding) })
    }
}

extension RecordGateway where R == Wedding {
    /// The one wedding record of `wedding`, as a collection of one.
    static func wedding(_ repository: any WeddingRepository, _ wedding: WeddingID) -> Self {
        Self(fetchAll: { RecordTable([try await repository.fetchWedding(wedding)]) },
             fetch: { _ in try await repository.fetchWedding(wedding) },
             create: { try await repository.createWedding($0) },
             update: { try await repository.updateWedding($0) },
             delete: { _ in try await repository.deleteWedding(wedding) })
    }
}
