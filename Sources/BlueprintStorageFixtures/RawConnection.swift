import BlueprintConfiguration
import Foundation
import Logging
import PostgresNIO

/// A connection of PostgresNIO's own to a test database, without blueprint in between: what an
/// attacker (or a test setting up) sends goes to the server as it is. Closed when dropped, so a
/// test that fails midway leaves no connection open (PostgresNIO traps on that).
public final class RawConnection: Sendable {
    public let connection: PostgresConnection
    private static let logger = Logger(label: "test.raw")

    private init(connection: PostgresConnection) {
        self.connection = connection
    }

    deinit {
        guard !connection.isClosed else { return }
        let connection = connection
        connection.close().whenComplete { _ in _ = connection }
    }

    /// Connects to the database at `url` (a test cluster's socket) as its user.
    public static func open(_ url: DatabaseURL) async throws -> RawConnection {
        guard let socket = url.socketPath else { throw DatabaseURLError("the test database is not on a socket") }
        let configuration = PostgresConnection.Configuration(unixSocketPath: socket, username: url.user, password: nil,
                                                             database: url.database)
        return RawConnection(connection: try await PostgresConnection.connect(configuration: configuration, id: 1,
                                                                              logger: logger))
    }

    /// Runs `sql` (one statement, or several without parameters); throws the server's refusal.
    public func run(_ sql: String) async throws {
        _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger).collect()
    }

    /// Runs `query` and returns its rows.
    public func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await connection.query(query, logger: Self.logger).collect()
    }

    /// How many rows `sql` changed or returned (an UPDATE or DELETE with RETURNING).
    public func count(_ sql: String) async throws -> Int {
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger).collect().count
    }

    public func close() async {
        try? await connection.close()
    }
}

extension TestDatabase {
    /// A raw connection to this database as `role` (nil: its superuser).
    public func connect(as role: String? = nil) async throws -> RawConnection {
        try await RawConnection.open(role.map { try url(as: $0) } ?? url)
    }
}
