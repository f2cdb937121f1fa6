import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Glibc
import Synchronization
import Testing

/// A database that answers and refuses this process is an error, never "offline"; only a server
/// that cannot be reached is offline, and then the host says why, and how old its copy is.
@Suite("Database refusals and unreachable servers", .timeLimit(.minutes(3)))
struct DatabaseRefusalTests {
    private func tier(_ url: DatabaseURL, in directory: TemporaryDataDirectory, start: TieredWeddingHost.Start = .connectingFirst,
                      notices: (@Sendable (DatabaseNotice) -> Void)? = nil) async throws -> TieredWeddingHost {
        try await TieredWeddingHost.open(url, author: "mei", localRoot: directory.root, start: start, notices: notices,
                                         clock: { Fixtures.now })
    }

    /// What `open` threw, in words; nil if it opened.
    private func refusal(opening url: DatabaseURL) async throws -> String? {
        let directory = try TemporaryDataDirectory()
        do {
            let host = try await tier(url, in: directory)
            await host.close()
            return nil
        } catch let refusal as DatabaseRefusal {
            return refusal.description
        }
    }

    @Test("a role the server does not know, a database that does not exist, a role without CONNECT: each refused at open, in words")
    func refusedAtOpen() async throws {
        let database = try await TestDatabase.make()
        let ghost = "ghost_" + UUID().uuidString.prefix(8).lowercased()
        let unknownRole = try #require(try await refusal(opening: try database.url(as: ghost)))
        #expect(unknownRole.contains("the server refused to let \(ghost) in to the database"), "\(unknownRole)")
        #expect(unknownRole.contains("role \"\(ghost)\" does not exist"), "the server's words: \(unknownRole)")

        guard case let .socket(directory, _) = database.url.endpoint else { throw DatabaseURLError("not on a socket") }
        let missing = try DatabaseURL("postgresql:///no_such_db?host=\(directory)&user=blueprint", loginName: "nobody")
        let noDatabase = try #require(try await refusal(opening: missing))
        #expect(noDatabase.hasPrefix("there is no database 'no_such_db'"), "\(noDatabase)")

        let outsider = try database.makeRole("eve")
        try database.run("REVOKE CONNECT ON DATABASE \(database.url.database) FROM PUBLIC")
        let noConnect = try #require(try await refusal(opening: try database.url(as: outsider)))
        #expect(noConnect.contains("refused \(outsider): permission denied"), "\(noConnect)")
    }

    @Test("a server without TLS, or whose TLS fails, under sslmode=require: refused at open, not offline")
    func tlsRefused() async throws {
        let plain = try FakeServer(answer: .noTLS)
        let noTLS = try #require(try await refusal(opening: try DatabaseURL(
            "postgresql://mei@127.0.0.1:\(plain.port)/wedding?sslmode=require", loginName: "mei")))
        #expect(noTLS.contains("does not offer TLS, and sslmode=require asks for it"), "\(noTLS)")
        plain.stop()

        let broken = try FakeServer(answer: .brokenTLS)
        let failed = try #require(try await refusal(opening: try DatabaseURL(
            "postgresql://mei@127.0.0.1:\(broken.port)/wedding?sslmode=require", loginName: "mei")))
        #expect(failed.hasPrefix("TLS with the server at 127.0.0.1:"), "\(failed)")
        broken.stop()
    }

    @Test("a port where nothing listens, or a host name not looked up: offline, saying why; with no copy, listing fails saying why")
    func unreachableIsOfflineWithTheReason() async throws {
        let closed = try DatabaseURL("postgresql://mei@127.0.0.1:\(try FakeServer.closedPort())/wedding", loginName: "mei")
        let unknownHost = try DatabaseURL("postgresql://mei@no-such-host.invalid/wedding", loginName: "mei")
        for (url, reason) in [(closed, "connection refused"), (unknownHost, "the host name no-such-host.invalid could not be looked up")] {
            let directory = try TemporaryDataDirectory()
            let host = try await tier(url, in: directory)
            #expect(host.isOffline)
            #expect(host.unreachable?.reason.hasPrefix(reason) == true, "\(String(describing: host.unreachable))")
            do {
                let listed = try await host.listWeddings()
                Issue.record("listed \(listed.count) weddings from no copy, offline")
            } catch let RepositoryError.storage(message) {
                #expect(message.contains("cannot be reached (\(reason)") && message.contains("no copy of its weddings"),
                        "\(message)")
            }
            await host.close()
        }
    }

    @Test("offline, a command's host says it reads the copy and how old it is, once per wedding, and that a write was queued")
    func offlineNotices() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(url)
        let directory = try TemporaryDataDirectory()
        let online = try await tier(url, in: directory)
        let id = try await online.createWedding(Fixtures.wedding()).weddingID
        await online.close()
        try cluster.stop(immediately: true)

        let told = Mutex<[DatabaseNotice]>([])
        let offline = try await tier(url, in: directory, notices: { notice in told.withLock { $0.append(notice) } })
        let unreachable = try #require(offline.unreachable)
        #expect(["no server is listening on the socket", "connection refused"].contains(unreachable.reason), "\(unreachable)")
        _ = try await offline.read(id) { $0.guests.count }
        _ = try await offline.read(id) { $0.wedding }
        _ = try await offline.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        #expect(told.withLock { $0 } == [.workingOffline(unreachable, wedding: id, lastSynced: Fixtures.now),
                                         .queued(unreachable, wedding: id)])
        await offline.close()
    }

    @Test("a refusal found behind the copy (the planner's way) is shown, not offline: the copy reads, writes are refused, nothing is queued")
    func refusalFoundBehind() async throws {
        let database = try await TestDatabase.make()
        let role = try database.makeRole("mei")
        let url = try database.url(as: role)
        let directory = try TemporaryDataDirectory()
        let first = try await tier(url, in: directory)
        let id = try await first.createWedding(Fixtures.wedding()).weddingID
        await first.close()
        try database.run("ALTER ROLE \(role) NOLOGIN")

        let host = try await tier(url, in: directory, start: .fromTheCopy)
        var connections = host.connectionChanges(in: id).makeAsyncIterator()
        #expect(try await host.read(id) { $0.wedding.weddingID } == id)
        host.connect()
        guard case let .refused(reason) = await connections.next() else {
            Issue.record("not told the database refused: \(host.connection(id))")
            return
        }
        #expect(reason.contains("the server refused to let \(role) in") && reason.contains("not permitted to log in"), "\(reason)")
        #expect(host.connection(id) == .refused(reason))
        await #expect(throws: RepositoryError.storage(reason)) {
            try await host.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        }
        #expect(try await host.queued(in: id).isEmpty, "nothing is queued for a database that refuses this process")
        #expect(try await host.read(id) { $0.wedding.weddingID } == id, "the copy still reads")
        await host.close()
    }

    @Test("a server that comes back refusing (a login taken away while offline): reconnecting fails with the refusal, and stops")
    func refusedOnReconnecting() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let admin = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(admin)
        let role = "mei_" + UUID().uuidString.prefix(8).lowercased()
        try cluster.runSQL("CREATE ROLE \(role) LOGIN", database: admin.database)
        guard case let .socket(socket, _) = admin.endpoint else { throw DatabaseURLError("not on a socket") }
        let url = try DatabaseURL("postgresql:///\(admin.database)?host=\(socket)&user=\(role)", loginName: "nobody")
        let directory = try TemporaryDataDirectory()
        let first = try await tier(url, in: directory)
        let id = try await first.createWedding(Fixtures.wedding()).weddingID
        await first.close()
        // Taken away now, to be found on reconnecting: what the host's own retries find first too.
        try cluster.runSQL("ALTER ROLE \(role) NOLOGIN", database: admin.database)

        try cluster.stop(immediately: true)
        let host = try await tier(url, in: directory)
        #expect(host.connection(id) == .offline(lastSynced: Fixtures.now))
        try cluster.start()
        do {
            _ = try await host.reconnect()
            Issue.record("reconnected as a role that may not log in")
        } catch let refusal as DatabaseRefusal {
            #expect(refusal.description.contains("not permitted to log in"), "\(refusal)")
            #expect(host.connection(id) == .refused(refusal.description))
        }
        await host.close()
        try cluster.stop(immediately: false)
    }
}

/// A TCP listener on 127.0.0.1 that answers PostgreSQL's TLS request as a server without TLS
/// (`N`), or as one whose TLS is broken (`S`, then bytes that are not TLS), on every connection.
private final class FakeServer: Sendable {
    enum Answer: Sendable { case noTLS, brokenTLS }

    let port: Int
    private let socket: Int32

    init(answer: Answer) throws {
        (socket, port) = try Self.listen()
        let socket = socket
        Thread.detachNewThread {
            while true {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { return }
                var request = [UInt8](repeating: 0, count: 512)
                _ = read(client, &request, 8)
                switch answer {
                case .noTLS:
                    _ = write(client, "N", 1)
                case .brokenTLS:
                    _ = write(client, "S", 1)
                    _ = read(client, &request, request.count)
                    let junk = Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8)
                    _ = write(client, junk, junk.count)
                }
                // Left for the client to close, as a server waiting for more would.
                _ = read(client, &request, request.count)
                close(client)
            }
        }
    }

    /// Stops listening.
    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    /// A port on 127.0.0.1 where nothing listens (one just let go).
    static func closedPort() throws -> Int {
        let (socket, port) = try listen()
        close(socket)
        return port
    }

    private static func listen() throws -> (Int32, Int) {
        try LoopbackSocket.bind(listening: true)
    }
}
