import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import Foundation

/// The database's checks, when the weddings are kept in one: that it answers (and how fast),
/// its schema against this blueprint's, who you connect as and what you may do with each
/// wedding, that notifications (live changes) get through, and that its clock agrees with
/// this machine's. Changes nothing.
struct DatabaseChecks {
    /// How far the server's clock may be from this machine's before it deserves a warning.
    static let skewAllowed: Duration = .seconds(2)

    let url: DatabaseURL
    /// Where the URL came from: "--database", "BLUEPRINT_DATABASE_URL", ….
    let source: String
    /// The data directory, whose weddings' folders hold the documents' files on this machine.
    let dataDirectory: String

    /// Looks at the database and says what it found.
    func section() async -> CheckSection {
        let title = "Database: the \(url) (from \(source))"
        let findings: DatabaseDiagnosis.Findings
        do {
            findings = try await DatabaseDiagnosis.examine(url)
        } catch {
            return CheckSection(title: title, checks: [.problem(
                "cannot reach it: \(error)",
                fix: "check the URL, that the server runs, and that its pg_hba.conf lets \(url.user) in "
                    + "(`local all all peer` lets each login account in as the role of its name)")])
        }
        var checks = [Self.reachable(findings), Self.schema(findings.schemaVersion), Self.role(findings)]
        if findings.schemaVersion == DatabaseSchema.currentVersion { checks += [await weddings(), await documentFiles()] }
        checks.append(await notifications())
        checks.append(Self.clock(findings.clockSkew))
        return CheckSection(title: title, checks: checks)
    }

    static func reachable(_ findings: DatabaseDiagnosis.Findings) -> Check {
        .ok("reachable: a round trip takes \(milliseconds(findings.roundTrip))")
    }

    static func schema(_ version: Int) -> Check {
        let current = DatabaseSchema.currentVersion
        if version == current { return .ok("schema version \(version), this blueprint's") }
        if version == 0 { return .problem("no blueprint tables yet", fix: "run `blueprint db migrate` to create them") }
        if version < current {
            return .problem("schema version \(version), older than this blueprint's \(current)",
                            fix: "run `blueprint db migrate` to upgrade it (other blueprints of version \(version) must be "
                                + "upgraded too)")
        }
        return .problem("schema version \(version), made by a newer blueprint (this one knows up to \(current))",
                        fix: "upgrade blueprint on this machine")
    }

    static func role(_ findings: DatabaseDiagnosis.Findings) -> Check {
        findings.bypassesPolicies
            ? .ok("you connect as \(findings.role), a superuser or BYPASSRLS role: the administrator, who sees every wedding")
            : .ok("you connect as \(findings.role)")
    }

    static func clock(_ skew: Duration) -> Check {
        let size = skew < .zero ? .zero - skew : skew
        let direction = skew < .zero ? "behind" : "ahead of"
        guard size > skewAllowed else { return .ok("the server's clock agrees with this machine's (within \(seconds(size)))") }
        return .warning("the server's clock is \(seconds(size)) \(direction) this machine's",
                        fix: "run a time service (chrony or systemd-timesyncd) on both machines: the times of changes, "
                            + "and what is due today, depend on it")
    }

    /// Each wedding you can open, with your role on it.
    private func weddings() async -> Check {
        let host: PostgresWeddingHost
        do {
            host = try await PostgresWeddingHost.open(url, localRoot: NSTemporaryDirectory())
        } catch {
            return .problem("cannot open the weddings: \(error)", fix: "ask the database's administrator")
        }
        let found: Result<([Wedding], [WeddingID: WeddingAccess], [PostgresWeddingHost.UnreadableWedding]), any Error>
        do {
            found = .success((try await host.listWeddings(), try await host.accessToWeddings(), try await host.unreadableWeddings()))
        } catch {
            found = .failure(error)
        }
        await host.close()
        switch found {
        case let .failure(error):
            return .problem("cannot list the weddings: \(error)", fix: "ask the database's administrator")
        case let .success((_, _, unreadable)) where !unreadable.isEmpty:
            return .problem(unreadable.map { "\($0.reason)" }.joined(separator: "; "),
                            fix: "another program wrote \(unreadable.count == 1 ? "this wedding's settings" : "these weddings' settings"); "
                                + "its owner or the database's administrator can restore them from a backup or delete the wedding "
                                + "(the other weddings are unaffected)")
        case let .success((weddings, _, _)) where weddings.isEmpty:
            return .ok("no wedding you can open yet: create one, or ask an owner to share theirs "
                       + "(`blueprint wedding share NAME --role planner \(url.user)`)")
        case let .success((weddings, access, _)):
            let listed = weddings.map { "'\($0.name)' (\(access[$0.weddingID]?.role.rawValue ?? "?"))" }
            return .ok(CountPhrase.of(weddings.count, "wedding") + " you can open: " + listed.joined(separator: ", "))
        }
    }

    private func notifications() async -> Check {
        do {
            guard let delay = try await DatabaseDiagnosis.notificationDelay(url) else {
                return .warning("a notification sent did not arrive within 2 s: other people's changes will show only "
                                + "when you next read", fix: "connect to the server directly: a pooler in transaction "
                                    + "mode (PgBouncer) does not pass LISTEN/NOTIFY on")
            }
            return .ok("notifications arrive (in \(Self.milliseconds(delay))): other people's changes show as they happen")
        } catch {
            return .warning("cannot test notifications: \(error)")
        }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return value < 10 ? String(format: "%.1f ms", value) : String(format: "%.0f ms", value)
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
