import PostgresNIO

extension PostgresWeddingHost {
    /// Whether the database answers now: a statement that failed for want of the server, rather
    /// than for what it said, is told apart by asking again (a broken connection is reopened
    /// once, so a server that has come back answers).
    func isReachable() async -> Bool {
        for _ in 0..<2 {
            do {
                _ = try await link.withConnection { connection in
                    try await connection.statement("SELECT 1", logger: settings.logger)
                }
                return true
            } catch {
                continue
            }
        }
        return false
    }
}
