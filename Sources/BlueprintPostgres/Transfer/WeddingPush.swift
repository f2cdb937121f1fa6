import BlueprintDomain
import BlueprintStorage
import Foundation
import PostgresNIO

extension PostgresWeddingHost {
    /// Copies a wedding kept elsewhere (a data directory's) into the database, as it is: the
    /// same wedding id, every record verbatim with its version, creation time and table order.
    /// Documents' records are copied with their bytes, `contents` (by SHA-256).
    ///
    /// It is one transaction: the wedding's row, the contents, every record and one `changes` row, so a
    /// failure midway leaves nothing in the database. The wedding's activity in the database
    /// starts afresh with that one change, named `operation` ("pushed from /data/dir"), which
    /// counts what was added. Refused with `RepositoryError.conflict(.wedding, …)`, writing
    /// nothing, when the database already has a wedding of that id.
    public func push(_ dataset: WeddingDataset, operation: String, contents: [String: Data] = [:]) async throws {
        let wedding = dataset.wedding
        let issues = wedding.validationIssues(in: dataset)
        guard issues.isEmpty else { throw RepositoryError.invalid(.wedding, issues) }
        let changes = dataset.changes(since: WeddingDataset(wedding: wedding))
        let rows = try CommitRows(changes)
        let record = try CommitRows.text(of: .saveWedding(wedding))
        let summary = String(decoding: try RecordJSON.encode(ActivitySummary(counting: changes)), as: UTF8.self)
        let id = wedding.weddingID.rawValue
        let now = settings.clock()
        try await link.transaction { connection in
            var inserted = false
            for try await _ in try await connection.statement("""
                INSERT INTO weddings (id, name, record, version, last_sequence, created_at, updated_at)
                VALUES (\(id), \(CommitRows.columnName(of: wedding)), \(record), \(wedding.version), 1,
                        \(wedding.createdAt.date), \(now.date))
                ON CONFLICT (id) DO NOTHING
                RETURNING id
                """, logger: settings.logger) { inserted = true }
            guard inserted else {
                var actual = 1
                for try await version in try await connection.statement("SELECT version FROM weddings WHERE id = \(id)",
                                                                    logger: settings.logger).decode(Int.self) {
                    actual = version
                }
                throw RepositoryError.conflict(.wedding, id: id, expected: 0, actual: actual)
            }
            try await Self.insert(contents, into: wedding.weddingID, on: connection, settings: settings)
            if !rows.inserts.isEmpty {
                try await connection.statement("""
                    INSERT INTO records (wedding_id, kind, id, version, data)
                    SELECT \(id), u.k, u.i, u.v, u.d
                    FROM unnest(\(rows.inserts.map(\.kind))::text[], \(rows.inserts.map(\.id))::uuid[],
                                \(rows.inserts.map(\.version))::bigint[], \(rows.inserts.map(\.data))::text[])
                         WITH ORDINALITY AS u(k, i, v, d, n)
                    ORDER BY u.n
                    """, logger: settings.logger)
            }
            try await connection.statement("""
                INSERT INTO changes (wedding_id, sequence, at, author, operation, mutations, activity)
                VALUES (\(id), 1, \(now.date), current_user, \(operation), '[]', \(summary))
                """, logger: settings.logger)
        }
        broadcaster.publish(RepositoryChange(wedding: wedding.weddingID, sequence: 0, records: nil, origin: .local,
                                             operation: "weddingCreated"))
    }
}
