import BlueprintConfiguration
import Foundation
import Glibc
import Testing

/// What a database URL leaves out is filled in as libpq does: the `PG*` variables under the
/// URL, the password from the URL, `PGPASSWORD` or a password file, in that order.
@Suite("Database URLs completed from the environment")
struct DatabaseURLEnvironmentTests {
    /// An environment of `variables`, home `/home/mei`, and password files as `files` holds them.
    private func environment(_ variables: [String: String] = [:], files: [String: PasswordFileRead] = [:]) -> ConnectionEnvironment {
        ConnectionEnvironment(variables: variables, home: "/home/mei", readPasswordFile: { files[$0] ?? .missing })
    }

    @Test("PGHOST, PGPORT, PGUSER, PGDATABASE, PGSSLMODE and PGSSLROOTCERT fill in what the URL leaves out")
    func variablesAsDefaults() throws {
        let variables = ["PGHOST": "db.example.org", "PGPORT": "6543", "PGUSER": "ana", "PGDATABASE": "planning",
                         "PGSSLMODE": "verify-full", "PGSSLROOTCERT": "/etc/ca.crt"]
        let filled = try DatabaseURL("postgresql://", loginName: "root", environment: environment(variables))
        #expect(filled.endpoint == .tcp(host: "db.example.org", port: 6543))
        #expect(filled.user == "ana" && filled.database == "planning")
        #expect(filled.sslMode == .verifyFull && filled.rootCertificateFile == "/etc/ca.crt")

        let url = try DatabaseURL("postgresql://mei@other.example.org:7000/wedding?sslmode=disable&sslrootcert=/ca.pem",
                                  loginName: "root", environment: environment(variables))
        #expect(url.endpoint == .tcp(host: "other.example.org", port: 7000), "the URL wins")
        #expect(url.user == "mei" && url.database == "wedding" && url.sslMode == .disable && url.rootCertificateFile == "/ca.pem")

        let socket = try DatabaseURL("postgresql://", loginName: "root", environment: environment(["PGHOST": "/run/pg"]))
        #expect(socket.endpoint == .socket(directory: "/run/pg", port: 5432), "a PGHOST starting with / is a socket's folder")
    }

    @Test("without anything set: prefer TLS, and the root certificate in ~/.postgresql/root.crt")
    func sslDefaults() throws {
        let url = try DatabaseURL("postgresql://db.example.org/w", loginName: "mei", environment: environment())
        #expect(url.sslMode == .prefer && url.rootCertificateFile == "/home/mei/.postgresql/root.crt")
        #expect(try DatabaseURL("postgresql://h/w", loginName: "mei").rootCertificateFile == nil, "no home, no default file")
    }

    @Test("every sslmode of libpq is understood", arguments: DatabaseURL.SSLMode.allCases)
    func sslModes(_ mode: DatabaseURL.SSLMode) throws {
        #expect(try DatabaseURL("postgresql://h/w?sslmode=\(mode.rawValue)", loginName: "mei").sslMode == mode)
    }

    @Test("a wrong PGPORT or PGSSLMODE is refused, naming the variable",
          arguments: [("PGPORT", "five"), ("PGSSLMODE", "strict")])
    func wrongVariables(_ name: String, _ value: String) {
        #expect {
            try DatabaseURL("postgresql://h/w", loginName: "mei", environment: environment([name: value]))
        } throws: { error in
            "\(error)".contains(name) && "\(error)".contains(value)
        }
    }

    @Test("the password is the URL's, else PGPASSWORD's, else the password file's")
    func passwordOrder() throws {
        let files: [String: PasswordFileRead] = ["/home/mei/.pgpass": .text("*:*:*:*:from-file\n")]
        let everything = environment(["PGPASSWORD": "from-variable"], files: files)
        #expect(try DatabaseURL("postgresql://mei:from-url@h/w", loginName: "mei", environment: everything).password == "from-url")
        #expect(try DatabaseURL("postgresql://h/w?password=from-url", loginName: "mei", environment: everything).password
                == "from-url")
        #expect(try DatabaseURL("postgresql://mei@h/w", loginName: "mei", environment: everything).password == "from-variable")
        #expect(try DatabaseURL("postgresql://mei@h/w", loginName: "mei", environment: environment(files: files)).password
                == "from-file")
        #expect(try DatabaseURL("postgresql://mei@h/w", loginName: "mei", environment: environment()).password == nil)
    }

    @Test("the password file is passfile's, else PGPASSFILE's, else ~/.pgpass")
    func passwordFileChoice() throws {
        let files: [String: PasswordFileRead] = ["/home/mei/.pgpass": .text("*:*:*:*:home\n"),
                                                 "/etc/variable.pgpass": .text("*:*:*:*:variable\n"),
                                                 "/etc/parameter.pgpass": .text("*:*:*:*:parameter\n")]
        let variable = environment(["PGPASSFILE": "/etc/variable.pgpass"], files: files)
        #expect(try DatabaseURL("postgresql://h/w?passfile=/etc/parameter.pgpass", loginName: "mei", environment: variable)
            .password == "parameter")
        #expect(try DatabaseURL("postgresql://h/w", loginName: "mei", environment: variable).password == "variable")
        #expect(try DatabaseURL("postgresql://h/w", loginName: "mei", environment: environment(files: files)).password == "home")
    }

    @Test("a password file's first matching line wins; * matches anything; \\: and \\\\ are escapes; # starts a comment")
    func passwordFileFormat() throws {
        let file = #"""
            # hostname:port:database:username:password
            db.example.org:5432:wedding:ana:ana's
            db.example.org:*:wedding:mei:first
            *:*:*:mei:second
            db\:odd.example.org:5432:*:*:esc\:aped\\pw
            short:line
            """#
        let files: [String: PasswordFileRead] = ["/home/mei/.pgpass": .text(file)]
        func password(_ url: String) throws -> String? {
            try DatabaseURL(url, loginName: "mei", environment: environment(files: files)).password
        }
        #expect(try password("postgresql://mei@db.example.org:7777/wedding") == "first")
        #expect(try password("postgresql://ana@db.example.org/wedding") == "ana's")
        #expect(try password("postgresql://mei@elsewhere/other") == "second")
        #expect(try password("postgresql://ana@db.example.org/other") == nil, "no line matches ana on another database")
        #expect(try password("postgresql://ana@db%3Aodd.example.org/w") == "esc:aped\\pw")
    }

    @Test("a socket in the default folder is `localhost` in the password file; another folder is its path")
    func passwordFileSockets() throws {
        let files: [String: PasswordFileRead] = ["/home/mei/.pgpass": .text("localhost:5432:*:*:local\n/run/pg:5432:*:*:run\n")]
        func password(_ url: String) throws -> String? {
            try DatabaseURL(url, loginName: "mei", environment: environment(files: files)).password
        }
        #expect(try password("postgresql:///w") == "local")
        #expect(try password("postgresql://localhost/w") == "local")
        #expect(try password("postgresql:///w?host=/run/pg") == "run")
    }

    @Test("a password file that others may read is not used, and the URL says so in its warnings")
    func openPasswordFile() throws {
        let reason = "has group or world access; permissions should be u=rw (0600) or less"
        let url = try DatabaseURL("postgresql://h/w", loginName: "mei",
                                  environment: environment(files: ["/home/mei/.pgpass": .ignored(reason)]))
        #expect(url.password == nil)
        #expect(url.warnings == ["the password file /home/mei/.pgpass \(reason), so it is not used"])
    }

    @Test("a real password file is read only when it is a regular file that its group and others cannot read")
    func readingPasswordFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pgpass").path
        try "*:*:*:*:pw\n".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o600)
        #expect(PasswordFileRead.reading(file) == .text("*:*:*:*:pw\n"))
        chmod(file, 0o640)
        #expect(PasswordFileRead.reading(file) == .ignored("has group or world access; permissions should be u=rw (0600) or less"))
        #expect(PasswordFileRead.reading(folder.path) == .ignored("is not a regular file"))
        #expect(PasswordFileRead.reading(folder.appendingPathComponent("missing").path) == .missing)
    }
}
