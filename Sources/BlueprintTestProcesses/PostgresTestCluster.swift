import Foundation
import Glibc
import Synchronization

/// A throwaway PostgreSQL cluster for tests: one shared per test process, started on first use
/// in a temporary directory (`initdb`, then `pg_ctl start`), listening on a Unix socket only,
/// and stopped when the process exits. Each test takes its own database with `makeDatabase()`.
/// A test that stops the server (to see what a planner does when it goes away) makes a private
/// cluster of its own with `makePrivate()`, which it may `stop` and `start` again. A test of how
/// blueprint connects over the network makes one that also listens on 127.0.0.1
/// (`makePrivate(overTCP:)`), with password authentication and, if asked, TLS.
///
/// The server binaries come from Debian's `postgresql` package (`/usr/lib/postgresql/N/bin`).
/// Without them `shared()` throws, naming the package: tests that need a database fail, they
/// are never skipped. `initdb` refuses to run as root, so as root the cluster runs as the
/// `postgres` account the package creates (through `runuser`).
public final class PostgresTestCluster: Sendable {
    /// The directory holding the server's socket (`.s.PGSQL.5432`).
    public let socketDirectory: String
    /// The role every test connects as (the cluster's superuser, trusted on the socket).
    public let user = "blueprint"
    /// The port, of the socket and of TCP (5432 unless the cluster listens on TCP).
    public let port: Int
    /// How the cluster listens on 127.0.0.1, if it does.
    public let network: Network?
    private let binaries: String
    private let base: String
    /// Whether a commit is on disk before it is acknowledged: a private cluster is stopped hard
    /// by its tests, and must come back with every commit it acknowledged (the shared one
    /// trades that for speed).
    private let durable: Bool

    private static let started = Mutex<Result<PostgresTestCluster, PostgresTestClusterError>?>(nil)
    /// Every cluster started, stopped and removed when the process exits.
    private static let running = Mutex<[PostgresTestCluster]>([])

    /// The process's cluster, started the first time it is asked for.
    public static func shared() throws -> PostgresTestCluster {
        try started.withLock { started in
            if let started { return try started.get() }
            let result = Result { try PostgresTestCluster.startNew(durable: false) }.mapError { error in
                error as? PostgresTestClusterError ?? PostgresTestClusterError(message: "\(error)")
            }
            started = result
            return try result.get()
        }
    }

    /// How a private cluster listens on 127.0.0.1 (and on no other address), on a free port.
    /// Connections there authenticate by password (`scram-sha-256`); those on the socket are trusted.
    public struct Network: Sendable {
        /// With TLS (`ssl = on`): these are its certificates. Without: connections are plain.
        public let certificates: TestCertificates?
    }

    /// Whether a cluster that listens on 127.0.0.1 has TLS.
    public enum TCPListening: Sendable {
        case withoutTLS, withTLS
    }

    /// A cluster of the caller's own, started now, which it may stop and start again; with
    /// `tcp`, it also listens on 127.0.0.1 (see `Network`).
    public static func makePrivate(overTCP tcp: TCPListening? = nil) throws -> PostgresTestCluster {
        do {
            return try startNew(durable: true, tcp: tcp)
        } catch let error as PostgresTestClusterError {
            throw error
        } catch {
            throw PostgresTestClusterError(message: "\(error)")
        }
    }

    /// Stops the server: `immediately` is `pg_ctl stop -m immediate` (a crash, as when a server
    /// is cut off: open connections break with no goodbye), else a fast shutdown.
    public func stop(immediately: Bool = true) throws {
        try Self.run(binaries + "/pg_ctl", ["-D", dataDirectory, "-m", immediately ? "immediate" : "fast", "-w", "stop"],
                     asServerAccount: true)
    }

    /// Starts the server again on the same socket, with the same databases. It takes 300
    /// connections: the whole test run shares it, and each host that watches a wedding holds
    /// two (its statements' and its change listener's).
    public func start() throws {
        // Every test of the process shares the server, many at once, and most connect as roles
        // that are not superusers (which PostgreSQL's default of 100 connections runs short for).
        var options = "-k \(socketDirectory) -p \(port) -c listen_addresses='\(network == nil ? "" : "127.0.0.1")'"
            + " -c fsync=off -c full_page_writes=off -c max_connections=400" + (durable ? "" : " -c synchronous_commit=off")
        if let certificates = network?.certificates {
            options += " -c ssl=on -c ssl_cert_file=\(certificates.serverCertificate) -c ssl_key_file=\(certificates.serverKey)"
        }
        try Self.run(binaries + "/pg_ctl", ["-D", dataDirectory, "-o", options, "-l", dataDirectory + "/server.log", "-w",
                                            "start"], asServerAccount: true)
    }

    private init(binaries: String, base: String, durable: Bool, port: Int, network: Network?) {
        self.binaries = binaries
        self.base = base
        self.durable = durable
        self.port = port
        self.network = network
        socketDirectory = base + "/socket"
    }

    private var dataDirectory: String { base + "/data" }

    /// A new, empty database of its own; returns its URL (`postgresql:///NAME?host=…&user=…`).
    public func makeDatabase() throws -> String {
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try runSQL("CREATE DATABASE \(name)", database: "postgres")
        return databaseURL(name)
    }

    /// The URL of database `name` on this cluster, through its socket.
    public func databaseURL(_ name: String) -> String {
        "postgresql:///\(name)?host=\(socketDirectory)&user=\(user)" + (port == 5432 ? "" : "&port=\(port)")
    }

    /// Runs `sql` with `psql` on `database` (for setting up a test, not for the code under test).
    public func runSQL(_ sql: String, database: String) throws {
        try Self.run(binaries + "/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", String(port),
                                          "-U", user, "-d", database, "-c", sql], asServerAccount: false)
    }

    /// Creates a role that may log in with `password` (`name` is a plain lower-case word).
    public func makeRole(_ name: String, password: String) throws {
        let literal = "'" + password.replacingOccurrences(of: "'", with: "''") + "'"
        try runSQL("CREATE ROLE \(name) LOGIN PASSWORD \(literal)", database: "postgres")
    }

    // MARK: Starting and stopping

    private static func startNew(durable: Bool, tcp: TCPListening? = nil) throws -> PostgresTestCluster {
        let binaries = try serverBinaries()
        var template = Array("/tmp/blueprint-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PostgresTestClusterError(message: "could not make a temporary directory for the test cluster")
        }
        let base = String(cString: made)
        chmod(base, 0o755)
        let network = try tcp.map { tcp in
            Network(certificates: tcp == .withTLS ? try TestCertificates.make(in: base + "/tls", readableByServer: serverFileOwner)
                                                  : nil)
        }
        let cluster = PostgresTestCluster(binaries: binaries, base: base, durable: durable,
                                          port: network == nil ? 5432 : try freePort(), network: network)
        let data = cluster.dataDirectory
        for folder in [data, cluster.socketDirectory] {
            guard mkdir(folder, 0o700) == 0 else {
                throw PostgresTestClusterError(message: "could not make \(folder): \(String(cString: strerror(errno)))")
            }
            if let owner = serverFileOwner { try run("/usr/bin/chown", [owner, folder], asServerAccount: false) }
        }
        try run(binaries + "/initdb", ["-D", data, "-A", "trust", "-U", cluster.user, "-E", "UTF8", "--locale=C"],
                asServerAccount: true)
        if network != nil {
            // Written over initdb's file, which keeps its owner and mode.
            try "local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n"
                .write(toFile: data + "/pg_hba.conf", atomically: false, encoding: .utf8)
        }
        try cluster.start()
        running.withLock { running in
            if running.isEmpty { atexit { PostgresTestCluster.stopAllAtExit() } }
            running.append(cluster)
        }
        return cluster
    }

    private static func stopAllAtExit() {
        for cluster in running.withLock({ $0 }) {
            try? cluster.stop()
            try? FileManager.default.removeItem(atPath: cluster.base)
        }
    }

    /// Who must own the server's files (`chown`'s argument), when the tests run as root and the
    /// server as the `postgres` account; nil when the server runs as the tests' own account.
    private static let serverFileOwner: String? = getuid() == 0 ? "postgres:postgres" : nil

    /// A TCP port on 127.0.0.1 that nothing listens on now (the system's choice for a socket
    /// bound to port 0), for the server to take.
    private static func freePort() throws -> Int {
        let (descriptor, port) = try LoopbackSocket.bind(listening: false)
        close(descriptor)
        return port
    }

    /// The newest `/usr/lib/postgresql/N/bin` that has `initdb` and `pg_ctl`.
    private static func serverBinaries() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        for version in versions {
            let bin = "\(root)/\(version)/bin"
            if access(bin + "/initdb", X_OK) == 0, access(bin + "/pg_ctl", X_OK) == 0, access(bin + "/psql", X_OK) == 0 {
                return bin
            }
        }
        throw PostgresTestClusterError(message: "the PostgreSQL server binaries (initdb, pg_ctl) are not installed under "
                                       + "\(root)/N/bin: install the package with `apt-get install -y postgresql`")
    }

    /// Runs a program to its end; throws with its output if it fails. As root, the server's
    /// programs run as the `postgres` account.
    ///
    /// Spawned alone and reaped here (`SpawnedAlone`, `waitpid`), with the output in a file:
    /// Foundation's `Process` never saw `runuser` exit once `pg_ctl` had forked the server, and
    /// the server would hold a pipe open for good.
    static func run(_ program: String, _ arguments: [String], asServerAccount: Bool) throws {
        let command = asServerAccount && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments
                                                       : [program] + arguments
        let outputPath = "/tmp/blueprint-pg-output-" + UUID().uuidString
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        // The server outlives the test, and must hear `pg_ctl stop` (see `SpawnedAlone`).
        let pid = try SpawnedAlone.spawn(command, actions: &actions)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw PostgresTestClusterError(message: "\((program as NSString).lastPathComponent) failed (wait status \(status)): \(text)")
        }
    }
}

/// Why the test cluster could not start or do what a test asked.
public struct PostgresTestClusterError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
