import BlueprintTestProcesses
import Foundation
import Testing

/// Commands on a database that refuses them, that cannot be reached, or that another machine
/// changed a moment ago.
@Suite("Commands when the database refuses, is out of reach, or changed elsewhere")
struct DatabaseReachTests {
    private static let guests = "First Name,Last Name\nAna,Ruiz\n"

    @Test("a login refused, or no such database: the command fails, non-zero, saying so; an import queues nothing")
    func refusalFailsTheCommand() throws {
        let setting = try DatabaseSetting()
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try blueprint.run(["db", "migrate"], as: setting.url(as: setting.cluster.user))
        let mei = setting.url(as: setting.mei)
        #expect(try blueprint.run(["wedding", "create", "Mei & Sam"], as: mei).status == 0)
        // As a wrong password is, with the local copy already there.
        try setting.cluster.runSQL("ALTER ROLE \(setting.mei) NOLOGIN", database: setting.database)

        let listed = try blueprint.run(["wedding", "list"], as: mei)
        #expect(listed.status != 0 && !listed.stdout.contains("No weddings"), "\(listed.stdout)")
        #expect(listed.stderr.contains("the server refused to let \(setting.mei) in to the database '\(setting.database)'"),
                "\(listed.stderr)")
        let imported = try blueprint.run(["import", "guests", try blueprint.file(named: "guests.csv", Self.guests)], as: mei)
        #expect(imported.status != 0 && !imported.stdout.contains("imported"), "\(imported.stdout)")
        #expect(imported.stderr.contains("not permitted to log in"), "\(imported.stderr)")
        try setting.cluster.runSQL("ALTER ROLE \(setting.mei) LOGIN", database: setting.database)
        let sync = try blueprint.run(["wedding", "sync"], as: mei)
        #expect(sync.stdout.contains("in step with the database"), "nothing was queued: \(sync.stdout)\(sync.stderr)")

        let missing = "postgresql:///no_such_db?host=\(setting.cluster.socketDirectory)&user=\(setting.mei)"
        let stats = try blueprint.run(["stats"], as: missing)
        #expect(stats.status != 0 && stats.stderr.contains("there is no database 'no_such_db'"), "\(stats.stderr)")
    }

    @Test("out of reach, a command says so on stderr with how old its copy is; a write says it was queued and how to send it; with no copy, it fails saying why")
    func unreachableSaysSo() throws {
        let cluster = try PostgresTestCluster.makePrivate()
        defer { try? cluster.stop(immediately: false) }
        let url = try cluster.makeDatabase()
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try blueprint.run(["db", "migrate"], as: url)
        #expect(try blueprint.run(["wedding", "create", "Mei & Sam"], as: url).status == 0)
        try cluster.stop(immediately: true)

        let stats = try blueprint.run(["stats", "--json"], as: url)
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stderr.contains("cannot be reached (") && stats.stderr.contains(
            "); working from this machine's copy, last synced just now"), "\(stats.stderr)")
        let imported = try blueprint.run(["import", "guests", try blueprint.file(named: "guests.csv", Self.guests)], as: url)
        #expect(imported.status == 0 && imported.stdout.contains("imported guests: 1 added"), "\(imported.stderr)")
        #expect(imported.stderr.contains("the change is saved on this machine and queued")
                && imported.stderr.contains("`blueprint wedding sync`"), "\(imported.stderr)")

        let elsewhere = try BlueprintProcess.withTemporaryDataDirectory()
        let listed = try elsewhere.run(["wedding", "list"], as: url)
        #expect(listed.status != 0 && !listed.stdout.contains("No weddings"), "\(listed.stdout)")
        #expect(listed.stderr.contains("cannot be reached (") && listed.stderr.contains("no copy of its weddings yet"),
                "\(listed.stderr)")
    }

    @Test("the budget set offline here and the wedding renamed online elsewhere: `wedding sync` sends the edit merged with theirs and says so")
    func syncSaysWhatMerged() throws {
        let cluster = try PostgresTestCluster.makePrivate()
        defer { try? cluster.stop(immediately: false) }
        let url = try cluster.makeDatabase()
        let laptop = try BlueprintProcess.withTemporaryDataDirectory()
        let desktop = try BlueprintProcess.withTemporaryDataDirectory()
        try laptop.run(["db", "migrate"], as: url)
        #expect(try laptop.run(["wedding", "create", "Mei & Sam"], as: url).status == 0)
        try cluster.stop(immediately: true)
        let offline = try laptop.run(["wedding", "set", "--budget", "30000"], as: url)
        #expect(offline.status == 0 && offline.stderr.contains("queued"), "\(offline.stderr)")
        try cluster.start()
        #expect(try desktop.run(["wedding", "rename", "Mei & Sam", "Mei and Sam"], as: url).status == 0)

        let sync = try laptop.run(["wedding", "sync"], as: url)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("1 edit made offline merged on its own with changes made since, field by field."),
                "\(sync.stdout)")
        #expect(sync.stdout.contains("'Mei and Sam' is in step with the "), "no conflict left: \(sync.stdout)")
        let listed = try desktop.run(["wedding", "list", "--json"], as: url)
        #expect(listed.stdout.contains("\"name\" : \"Mei and Sam\"") && listed.stdout.contains("\"totalBudget\" : 3000000"),
                "both changes stand: \(listed.stdout)")
    }

    @Test("stats right after another machine's import shows the new count")
    func statsAfterAnotherImport() throws {
        let setting = try DatabaseSetting()
        let url = setting.url(as: setting.cluster.user)
        let here = try BlueprintProcess.withTemporaryDataDirectory()
        let there = try BlueprintProcess.withTemporaryDataDirectory()
        try here.run(["db", "migrate"], as: url)
        #expect(try here.run(["wedding", "create", "Mei & Sam"], as: url).status == 0)
        #expect(try here.run(["stats", "--json"], as: url).stdout.contains("\"invited\" : 0"))

        let imported = try there.run(["import", "guests", try there.file(named: "guests.csv", Self.guests)], as: url)
        #expect(imported.status == 0, "\(imported.stderr)")
        let stats = try here.run(["stats", "--json"], as: url)
        #expect(stats.stdout.contains("\"invited\" : 1"), "\(stats.stdout)")
        #expect(stats.stderr.isEmpty, "online, nothing to say: \(stats.stderr)")
    }
}
