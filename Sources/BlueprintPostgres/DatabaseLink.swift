import BlueprintConfiguration
import BlueprintDomain
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// This process's connection to the database: opened on first use, reopened after it broke,
/// and lent to one caller at a time (a transaction's statements never interleave with
/// another's). Every failure comes out as words naming the server (`DatabaseFailure`).
final class DatabaseLink: Sendable {
    let url: DatabaseURL
    private let logger: Logger
    private let gate = ConnectionGate()

    init(url: DatabaseURL, logger: Logger) {
        self.url = url
        self.logger = logger
    }

    /// Runs `body` with the connection, alone.
    func withConnection<T>(isolation: isolated (any Actor)? = #isolation,
                           _ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        let connection = try await gate.acquire(opening: open)
        do {
            let result = try await body(connection)
            await gate.release(keeping: true)
            return result
        } catch {
            let broken = DatabaseFailure.isConnectionLost(error)
            if broken { try? await connection.close() }
            await gate.release(keeping: !broken)
            throw DatabaseFailure.describe(error, url: url)
        }
    }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws.
    func transaction<T>(isolation: isolated (any Actor)? = #isolation, readOnly: Bool = false,
                        _ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        try await withConnection { connection in
            try await connection.query(readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN", logger: logger)
            let result: T
            do {
                result = try await body(connection)
            } catch {
                if !DatabaseFailure.isConnectionLost(error) { _ = try? await connection.query("ROLLBACK", logger: logger) }
                throw error
            }
            try await connection.query("COMMIT", logger: logger)
            return result
        }
    }

    /// Closes the connection, if one is open.
    func close() async {
        if let connection = await gate.takeConnection() { try? await connection.close() }
    }

    private func open() async throws -> PostgresConnection {
        var configuration: PostgresConnection.Configuration
        switch url.endpoint {
        case .socket:
            configuration = .init(unixSocketPath: url.socketPath!, username: url.user, password: url.password,
                                  database: url.database)
        case let .tcp(host, port):
            let tls: PostgresConnection.Configuration.TLS
            switch url.tls {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try .init(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try .init(configuration: .makeClientConfiguration()))
            }
            configuration = .init(host: host, port: port, username: url.user, password: url.password, database: url.database,
                                  tls: tls)
        }
        configuration.options.connectTimeout = .seconds(5)
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch let error as PSQLError where error.code == .server {
            throw DatabaseFailure.describe(error, url: url)
        } catch let error as PSQLError {
            throw RepositoryError.storage("cannot reach the \(url): \(error.underlying.map { "\($0)" } ?? "\(error.code)")")
        } catch {
            throw RepositoryError.storage("cannot reach the \(url): \(error)")
        }
    }
}

/// Hands the one connection to one caller at a time, in the order they asked.
private actor ConnectionGate {
    private var connection: PostgresConnection?
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A host dropped without `close()`: the connection is closed now, and kept until it is
    /// (PostgresNIO requires a connection to be closed before it goes).
    deinit {
        guard let connection, !connection.isClosed else { return }
        connection.close().whenComplete { _ in _ = connection }
    }

    func acquire(opening open: @Sendable () async throws -> PostgresConnection) async throws -> PostgresConnection {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        }
        busy = true
        if let connection, !connection.isClosed { return connection }
        do {
            let opened = try await open()
            connection = opened
            return opened
        } catch {
            connection = nil
            handOn()
            throw error
        }
    }

    func release(keeping: Bool) {
        if !keeping { connection = nil }
        handOn()
    }

    func takeConnection() -> PostgresConnection? {
        defer { connection = nil }
        return connection
    }

    private func handOn() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
