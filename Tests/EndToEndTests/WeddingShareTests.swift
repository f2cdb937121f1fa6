import BlueprintConfiguration
import BlueprintPostgres
import Foundation
import Glibc
import Testing

/// `blueprint wedding share | unshare` and the roles `wedding list` shows, on a real database,
/// each person connecting as their own PostgreSQL role.
@Suite("blueprint wedding share")
struct WeddingShareTests {
    @Test("the owner shares as viewer, then planner; each sees their role in the list; unshare takes it away")
    func shareListUnshare() throws {
        let setting = try DatabaseSetting()
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let migrated = try blueprint.run(["db", "migrate"], as: setting.url(as: setting.cluster.user))
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let mei = setting.url(as: setting.mei), sam = setting.url(as: setting.sam)
        #expect(try blueprint.run(["wedding", "create", "Mei & Sam"], as: mei).status == 0)

        let before = try blueprint.run(["wedding", "list", "--json"], as: sam)
        #expect(before.status == 0 && !before.stdout.contains("Mei & Sam"), "\(before.stderr)")
        let shared = try blueprint.run(["wedding", "share", "Mei & Sam", "--role", "viewer", setting.sam], as: mei)
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(shared.stdout == "Shared 'Mei & Sam' with \(setting.sam) as a viewer.\n")

        let asViewer = try blueprint.run(["wedding", "list", "--json"], as: sam)
        #expect(asViewer.stdout.contains("\"role\" : \"viewer\""), "\(asViewer.stdout)")
        let table = try blueprint.run(["wedding", "list"], as: mei).stdout
        #expect(table.hasPrefix("NAME") && table.contains("ROLE") && table.contains("owner"), "\(table)")

        let promoted = try blueprint.run(["wedding", "share", "Mei & Sam", "--role", "planner", setting.sam], as: mei)
        #expect(promoted.stdout == "\(setting.sam) is now a planner of 'Mei & Sam' (was a viewer).\n")
        #expect(try blueprint.run(["wedding", "list", "--json"], as: sam).stdout.contains("\"role\" : \"planner\""))

        let bySam = try blueprint.run(["wedding", "unshare", "Mei & Sam", setting.mei], as: sam)
        #expect(bySam.status != 0 && bySam.stderr.contains("only the wedding's owner (\(setting.mei)) may unshare it"),
                "\(bySam.stderr)")
        let unshared = try blueprint.run(["wedding", "unshare", "Mei & Sam", setting.sam], as: mei)
        #expect(unshared.stdout == "\(setting.sam) (a planner) can no longer open 'Mei & Sam'.\n", "\(unshared.stderr)")
        #expect(!(try blueprint.run(["wedding", "list", "--json"], as: sam).stdout.contains("Mei & Sam")))
    }

    @Test("an unknown user, yourself, the owner or no database: refused in words, nothing changed")
    func refusals() throws {
        let setting = try DatabaseSetting()
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        _ = try blueprint.run(["db", "migrate"], as: setting.url(as: setting.cluster.user))
        let mei = setting.url(as: setting.mei)
        #expect(try blueprint.run(["wedding", "create", "Mei & Sam"], as: mei).status == 0)

        let unknown = try blueprint.run(["wedding", "share", "Mei & Sam", "--role", "viewer", "nobody_here"], as: mei)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("there is no database role 'nobody_here'")
                && unknown.stderr.contains("CREATE ROLE \"nobody_here\" LOGIN"), "\(unknown.stderr)")
        let yourself = try blueprint.run(["wedding", "share", "Mei & Sam", "--role", "planner", setting.mei], as: mei)
        #expect(yourself.status != 0 && yourself.stderr.contains("you cannot share a wedding with yourself"), "\(yourself.stderr)")
        let owner = try blueprint.run(["wedding", "unshare", "Mei & Sam", setting.mei], as: mei)
        #expect(owner.status != 0 && owner.stderr.contains("an owner cannot be given another role or removed"), "\(owner.stderr)")
        let noWedding = try blueprint.run(["wedding", "share", "Nope", "--role", "viewer", setting.sam], as: mei)
        #expect(noWedding.status != 0 && noWedding.stderr.contains("no wedding named"), "\(noWedding.stderr)")
        let badRole = try blueprint.run(["wedding", "share", "Mei & Sam", "--role", "owner", setting.sam], as: mei)
        #expect(badRole.status != 0 && badRole.stderr.contains("--role"), "\(badRole.stderr)")
        let listed = try blueprint.run(["wedding", "list", "--json"], as: setting.url(as: setting.sam))
        #expect(!listed.stdout.contains("Mei & Sam"))

        let files = try blueprint.run(["wedding", "share", "Mei & Sam", "--role", "viewer", setting.sam])
        #expect(files.status != 0)
        #expect(files.stderr.contains("sharing needs a database: give --database or set BLUEPRINT_DATABASE_URL"), "\(files.stderr)")
    }

    @Test("a socket URL without a user connects as the login account's name, as libpq does (peer authentication)")
    func loginAccountIsTheRole() throws {
        let setting = try DatabaseSetting()
        let account = String(cString: getpwuid(geteuid())!.pointee.pw_name)
        // Roles are cluster-wide: the account's role is made once, whichever test gets there first.
        try setting.cluster.runSQL("""
            DO $$ BEGIN
                CREATE ROLE "\(account)" LOGIN;
            EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
            END $$
            """, database: setting.database)
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        try blueprint.run(["db", "migrate"], as: setting.url(as: setting.cluster.user))
        let withoutUser = "postgresql:///\(setting.database)?host=\(setting.cluster.socketDirectory)"
        #expect(try blueprint.run(["wedding", "create", "Ours"], as: withoutUser).status == 0)
        let shared = try blueprint.run(["wedding", "share", "Ours", "--role", "viewer", setting.sam], as: withoutUser)
        #expect(shared.status == 0, "\(shared.stderr)")
        let listed = try blueprint.run(["wedding", "list", "--json"], as: setting.url(as: setting.sam)).stdout
        #expect(listed.contains("\"name\" : \"Ours\"") && listed.contains("\"role\" : \"viewer\""), "\(listed)")
        let doctor = try blueprint.run(["doctor"], as: withoutUser, environment: DoctorTests.goodTerminal).stdout
        #expect(doctor.contains("you connect as \(account)"), "\(doctor)")
    }

    @Test("db migrate to roles says who owns the weddings already there; no one else sees them")
    func migrateOlderDatabase() async throws {
        let setting = try DatabaseSetting()
        let admin = setting.url(as: setting.cluster.user)
        _ = try await DatabaseSchema.migrate(try DatabaseURL(admin, loginName: "nobody"),
                                             upTo: DatabaseSchema.collaboratorsVersion - 1)
        try setting.cluster.runSQL("INSERT INTO weddings (id, name, record, version) VALUES (gen_random_uuid(), 'Older', '{}', 1)",
                                   database: setting.database)
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let migrated = try blueprint.run(["db", "migrate"], as: admin)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.contains("Upgraded the database '\(setting.database)'"), "\(migrated.stdout)")
        #expect(migrated.stdout.contains("The weddings already in the database are owned by \(setting.cluster.user), the role "
                                         + "that migrated it; share them with `blueprint wedding share`."), "\(migrated.stdout)")
        let listed = try blueprint.run(["wedding", "list", "--json"], as: setting.url(as: setting.mei))
        #expect(listed.status == 0 && !listed.stdout.contains("Older"), "\(listed.stdout)\(listed.stderr)")
    }
}
