import BlueprintPostgres
import Foundation
import Testing

/// `blueprint doctor` with a database: it answers, its schema, who you are on it and on each
/// wedding, notifications and the clock.
@Suite("blueprint doctor with a database")
struct DoctorDatabaseTests {
    @Test("a healthy database: reachable with its round trip, schema, your role, your role on each wedding, notifications, clock")
    func healthy() throws {
        let setting = try DatabaseSetting()
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try blueprint.run(["db", "migrate"], as: setting.url(as: setting.cluster.user))
        let mei = setting.url(as: setting.mei)
        try blueprint.run(["wedding", "create", "Mei & Sam"], as: mei)
        try blueprint.run(["wedding", "share", "Mei & Sam", "--role", "viewer", setting.sam], as: mei)

        let result = try blueprint.run(["doctor"], as: setting.url(as: setting.sam), environment: DoctorTests.goodTerminal)
        let output = result.stdout
        #expect(result.status == 0, "\(output)\(result.stderr)")
        #expect(output.contains("Database: the database '\(setting.database)' as \(setting.sam) on the socket in "
                                + "\(setting.cluster.socketDirectory) (from BLUEPRINT_DATABASE_URL)"), "\(output)")
        #expect(output.contains("ok       reachable: a round trip takes "), "\(output)")
        #expect(output.contains("ok       schema version \(DatabaseSchema.currentVersion), this blueprint's"), "\(output)")
        #expect(output.contains("ok       you connect as \(setting.sam)\n"), "\(output)")
        #expect(output.contains("ok       1 wedding you can open: 'Mei & Sam' (viewer)"), "\(output)")
        #expect(output.contains("ok       notifications arrive (in "), "\(output)")
        #expect(output.contains("ok       the server's clock agrees with this machine's"), "\(output)")
        #expect(output.contains("no weddings of its own: the weddings are the database's (below)"), "\(output)")
        #expect(!output.contains("no weddings yet"), "\(output)")

        let admin = try blueprint.run(["doctor"], as: setting.url(as: setting.cluster.user), environment: DoctorTests.goodTerminal)
        #expect(admin.stdout.contains("a superuser or BYPASSRLS role: the administrator, who sees every wedding"), "\(admin.stdout)")
        #expect(admin.stdout.contains("'Mei & Sam' (owner)"), "\(admin.stdout)")
    }

    @Test("a database without blueprint's tables, or out of reach, is a problem with what to do; exit 1")
    func problems() throws {
        let setting = try DatabaseSetting()
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let bare = try blueprint.run(["doctor"], as: setting.url(as: setting.mei), environment: DoctorTests.goodTerminal)
        #expect(bare.status == 1)
        #expect(bare.stdout.contains("problem  no blueprint tables yet"), "\(bare.stdout)")
        #expect(bare.stdout.contains("run `blueprint db migrate` to create them"), "\(bare.stdout)")

        let gone = try blueprint.run(["doctor"], as: "postgresql:///nowhere?host=/nonexistent/socket&user=mei",
                                     environment: DoctorTests.goodTerminal)
        #expect(gone.status == 1)
        #expect(gone.stdout.contains("problem  cannot reach it: ") && gone.stdout.contains("/nonexistent/socket"), "\(gone.stdout)")
        #expect(gone.stdout.contains("pg_hba.conf"), "\(gone.stdout)")
    }
}
