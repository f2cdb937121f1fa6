import PostgresNIO

extension PostgresWeddingHost {
    /// Whether the database answers now: nil if it does, else why it cannot be reached. A
    /// statement that failed for want of the server, rather than for what it said, is told apart
    /// by asking again (a broken connection is reopened once, so a server that has come back
    /// answers). Throws `DatabaseRefusal` if the server answers and refuses this process (a
    /// password changed meanwhile).
    func unreachable() async throws -> DatabaseUnreachable? {
        var failure = DatabaseUnreachable(url: url.description, reason: "it stopped answering")
        for _ in 0..<2 {
            do {
                _ = try await link.withConnection { connection in
                    try await connection.statement("SELECT 1", logger: settings.logger)
                }
                return nil
            } catch let error as DatabaseUnreachable {
                failure = error
            } catch let error as DatabaseRefusal {
                throw error
            } catch {
                continue
            }
        }
        return failure
    }
}
