import BlueprintConfiguration
import Foundation
import Logging
import PostgresNIO

/// What `blueprint doctor` asks of a database, changing nothing: whether it answers and how
/// fast, its schema, who this process is on it, whether notifications get through, and how far
/// its clock is from this machine's.
public enum DatabaseDiagnosis {
    /// What one connection found.
    public struct Findings: Sendable {
        /// One `SELECT` there and back, once connected.
        public let roundTrip: Duration
        /// The schema version (0: no blueprint tables).
        public let schemaVersion: Int
        /// The role this process connects as (`current_user`).
        public let role: String
        /// Whether the role is a superuser or has BYPASSRLS: it sees every wedding.
        public let bypassesPolicies: Bool
        /// The server's clock minus this machine's (at the middle of the round trip).
        public let clockSkew: Duration
    }

    /// Connects to `url` and looks; throws (as words naming the server) if it cannot.
    public static func examine(_ url: DatabaseURL, logger: Logger = Logger(label: "blueprint.postgres")) async throws -> Findings {
        let link = DatabaseLink(url: url, logger: logger)
        do {
            let findings = try await examine(link, logger: logger)
            await link.close()
            return findings
        } catch {
            await link.close()
            throw error
        }
    }

    private static func examine(_ link: DatabaseLink, logger: Logger) async throws -> Findings {
        let url = link.url
        return try await link.withConnection { connection in
            let clock = ContinuousClock()
            let sent = Date()
            let started = clock.now
            var row: (String, Bool, Date, Bool)?
            for try await found in try await connection.statement("""
                SELECT current_user::text, r.rolsuper OR r.rolbypassrls, clock_timestamp(),
                       to_regclass('schema_migrations') IS NOT NULL
                FROM pg_catalog.pg_roles AS r WHERE r.rolname = current_user
                """, logger: logger).decode((String, Bool, Date, Bool).self) { row = found }
            let roundTrip = clock.now - started
            guard let (role, bypasses, serverNow, hasSchema) = row else {
                throw DiagnosisError("the \(url) does not know the role it connected as")
            }
            var version = 0
            if hasSchema {
                for try await found in try await connection.statement("SELECT coalesce(max(version), 0) FROM schema_migrations",
                                                                  logger: logger).decode(Int.self) { version = found }
            }
            let middle = sent.addingTimeInterval(Double(roundTrip.components.attoseconds) / 2e18
                                                 + Double(roundTrip.components.seconds) / 2)
            let skew = serverNow.timeIntervalSince(middle)
            return Findings(roundTrip: roundTrip, schemaVersion: version, role: role, bypassesPolicies: bypasses,
                            clockSkew: .milliseconds(Int64((skew * 1000).rounded())))
        }
    }

    /// Listens on one connection, notifies on another, and waits up to `limit` for the
    /// notification: how long it took, or nil if it did not come.
    public static func notificationDelay(_ url: DatabaseURL, limit: Duration = .seconds(2),
                                         logger: Logger = Logger(label: "blueprint.postgres")) async throws -> Duration? {
        let listener = DatabaseLink(url: url, logger: logger)
        let sender = DatabaseLink(url: url, logger: logger)
        let channel = "blueprint_doctor_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let payload = UUID().uuidString
        do {
            let delay = try await listener.withConnection { connection in
                try await connection.listen(on: channel) { notifications in
                    let clock = ContinuousClock()
                    let started = clock.now
                    try await sender.withConnection { connection in
                        _ = try await connection.statement("SELECT pg_notify(\(channel), \(payload))", logger: logger)
                    }
                    return try await withThrowingTaskGroup(of: Duration?.self) { group in
                        group.addTask {
                            for try await notification in notifications where notification.payload == payload {
                                return clock.now - started
                            }
                            return nil
                        }
                        group.addTask {
                            try await Task.sleep(for: limit)
                            return nil
                        }
                        let first = try await group.next() ?? nil
                        group.cancelAll()
                        return first
                    }
                }
            }
            await listener.close()
            await sender.close()
            return delay
        } catch {
            await listener.close()
            await sender.close()
            throw error
        }
    }
}

/// Something the diagnosis found that it cannot go on from.
public struct DiagnosisError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
