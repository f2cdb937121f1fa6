import BlueprintConfiguration
import Testing

/// A password in a database URL is never shown: not in a message about the URL, nor in a log.
@Suite("Database URL passwords hidden")
struct DatabaseURLRedactionTests {
    @Test("redacting hides the user information's password and every password parameter, whatever the URL",
          arguments: [
              ("postgresql://mei:Typo-pw@db.example.org/wedding", "postgresql://mei:***@db.example.org/wedding"),
              ("postgresq://mei:Typo-pw@host/db", "postgresq://mei:***@host/db"),
              ("mei:Typo-pw@host/db", "mei:***@host/db"),
              ("postgresql://mei:Ty/po?p@w@host:5432/db", "postgresql://mei:***@host:5432/db"),
              ("postgresql:///db?user=mei&password=Typo-pw&sslmode=require", "postgresql:///db?user=mei&password=***&sslmode=require"),
              ("postgresql://host/db?password=Ty@po-pw", "postgresql://host/db?password=***"),
              ("host=db password=Typo-pw dbname=w", "host=db password=*** dbname=w"),
              ("postgresql://mei@host/db", "postgresql://mei@host/db"),
              ("postgresql:///db?host=/run/pg&user=mei", "postgresql:///db?host=/run/pg&user=mei"),
          ])
    func redacting(_ text: String, _ shown: String) {
        #expect(DatabaseURL.redacting(text) == shown)
    }

    @Test("logged arguments hide the password of --database's value, in either form, and of any URL")
    func arguments() {
        let arguments = ["export", "guests", "--database", "postgresql://mei:Typo-pw@h/w", "--database=postgres://a:Typo-pw@h/w",
                         "postgresql://b:Typo-pw@h/w", "--wedding", "Mei & Sam: 2026"]
        #expect(DatabaseURL.redactingArguments(arguments) == [
            "export", "guests", "--database", "postgresql://mei:***@h/w", "--database=postgres://a:***@h/w",
            "postgresql://b:***@h/w", "--wedding", "Mei & Sam: 2026",
        ])
    }

    @Test("no message about a wrong database URL quotes its password",
          arguments: ["postgresq://mei:Typo-pw@host/db", "postgresql://mei:Typo%zzpw@host/db",
                      "postgresql://mei:Typo/pw@host/db", "postgresql://mei:Typo-pw@host:99999/db",
                      "postgresql:///db?password=Typo%zz-pw", "postgresql://mei:Typo-pw@host/db?colour=red",
                      "postgresql://mei:Typo-pw@host/db?sslmode=maybe", "mei:Typo-pw@host/db"])
    func errorMessages(_ text: String) {
        #expect {
            try DatabaseURL(text, loginName: "mei")
        } throws: { error in
            !"\(error)".contains("Typo") && !"\(error)".contains("pw")
        }
    }

    @Test("the URL's own problem is still named: the scheme, a broken escape, the port")
    func namedProblems() {
        #expect(throws: DatabaseURLError("a database URL starts with postgresql:// (it was 'postgresq://mei:***@host/db')")) {
            try DatabaseURL("postgresq://mei:Typo-pw@host/db", loginName: "mei")
        }
        #expect(throws: DatabaseURLError("the database URL's password has a broken %-escape (in 'postgresql://mei:***@host/db')")) {
            try DatabaseURL("postgresql://mei:Typo%zzpw@host/db", loginName: "mei")
        }
    }

    @Test("the configuration file's problems never quote a database URL's password")
    func configurationProblems() {
        for line in ["database = \"postgresq://mei:Typo-pw@host/db\"", "database = postgresql://mei:Typo-pw@host/db",
                     "database = [\"postgresql://mei:Typo-pw@host/db\"]"] {
            let problems = Configuration.read(line + "\n", file: "config.toml").problems
            #expect(problems.count == 1, "\(line)")
            #expect(problems.allSatisfy { !$0.description.contains("Typo") }, "\(problems)")
        }
    }
}
