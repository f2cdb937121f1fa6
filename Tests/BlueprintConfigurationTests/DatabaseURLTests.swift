import BlueprintConfiguration
import Testing

@Suite("Database URLs")
struct DatabaseURLTests {
    @Test("a TCP URL gives its user, password, host, port and database, percent-decoded")
    func tcp() throws {
        let url = try DatabaseURL("postgresql://mei:p%40ss@db.example.org:6543/our%20wedding?sslmode=require", loginName: "root")
        #expect(url.endpoint == .tcp(host: "db.example.org", port: 6543))
        #expect(url.user == "mei" && url.password == "p@ss" && url.database == "our wedding" && url.sslMode == .require)
        #expect(!url.description.contains("p@ss"), "the password is never shown")
    }

    @Test("a Unix socket is named by the host parameter or a percent-encoded host; no host means the default directory")
    func sockets() throws {
        let parameter = try DatabaseURL("postgresql:///wedding?host=/run/pg&user=ana", loginName: "root")
        #expect(parameter.endpoint == .socket(directory: "/run/pg", port: 5432))
        #expect(parameter.socketPath == "/run/pg/.s.PGSQL.5432" && parameter.user == "ana" && parameter.database == "wedding")
        let encoded = try DatabaseURL("postgres://ben@%2Frun%2Fpg:5433/wedding", loginName: "root")
        #expect(encoded.endpoint == .socket(directory: "/run/pg", port: 5433) && encoded.user == "ben")
        let bare = try DatabaseURL("postgresql://", loginName: "mei")
        #expect(bare.endpoint == .socket(directory: DatabaseURL.defaultSocketDirectory, port: 5432))
        #expect(bare.user == "mei" && bare.database == "mei")
    }

    @Test("a URL that is not PostgreSQL's, an unknown parameter or a bad port is refused by name",
          arguments: [("mysql://x/y", "postgresql://"), ("postgresql:///w?colour=red", "'colour'"),
                      ("postgresql://h:99999/w", "port"), ("postgresql:///w?sslmode=maybe", "sslmode")])
    func refused(_ text: String, _ named: String) {
        #expect {
            try DatabaseURL(text, loginName: "mei")
        } throws: { error in
            "\(error)".contains(named)
        }
    }

    @Test("the configuration file's database is kept even when wrong, with a problem naming the line")
    func configurationSetting() {
        let good = Configuration.read("database = \"postgresql:///wedding\"\n", file: "config.toml")
        #expect(good.configuration.database == "postgresql:///wedding" && good.problems.isEmpty)
        let bad = Configuration.read("\ndatabase = \"mysql://wedding\"\n", file: "config.toml")
        #expect(bad.configuration.database == "mysql://wedding")
        #expect(bad.problems.map(\.line) == [2])
        #expect(bad.problems.first?.message.contains("postgresql://") == true)
    }
}
