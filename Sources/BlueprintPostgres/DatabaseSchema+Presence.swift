extension DatabaseSchema {
    /// Schema version 4: presence, who has each wedding open and what they are editing, shared by
    /// every machine (see `PostgresPresenceBoard`).
    ///
    /// - `presence` has one row per session: its id, its wedding, the role it connects as
    ///   (`member`, `current_user` by default), its `Presence` as JSON text (as the file board
    ///   keeps it), and `heartbeat`, set by the server (`now()`) at each announcement, so which
    ///   entries are stale is decided by one clock whatever the machines' say.
    /// - Row-level security, forced: a member of the wedding (any role) reads its rows; a session
    ///   inserts, updates and deletes only rows of its own role, in a wedding it is a member of.
    ///   A member may also delete a row whose heartbeat is older than `Presence.staleAfter`
    ///   (90 s): a dead session's, which would otherwise stay forever. A stranger sees no row.
    /// - Deleting a wedding deletes its presence rows.
    public static let presenceVersion = 4

    /// How old a heartbeat may be before a member other than its session's may delete the row
    /// (`Presence.staleAfter`; fixed here as the migration was applied).
    static let presenceStaleSeconds = 90

    static let presence: Migration = {
        let members = "wedding_id IN (SELECT m.wedding_id FROM wedding_members AS m WHERE m.member = current_user)"
        return Migration(version: presenceVersion, summary: "presence: who has each wedding open, shared", statements: [
            """
            CREATE TABLE presence (
                session_id uuid PRIMARY KEY,
                wedding_id uuid NOT NULL REFERENCES weddings (id) ON DELETE CASCADE,
                member text NOT NULL DEFAULT current_user,
                entry text NOT NULL,
                heartbeat timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX presence_by_wedding ON presence (wedding_id, heartbeat)",
            "ALTER TABLE presence ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE presence FORCE ROW LEVEL SECURITY",
            "CREATE POLICY members_read ON presence FOR SELECT USING (\(members))",
            "CREATE POLICY own_insert ON presence FOR INSERT WITH CHECK (member = current_user AND \(members))",
            """
            CREATE POLICY own_update ON presence FOR UPDATE USING (member = current_user)
                WITH CHECK (member = current_user AND \(members))
            """,
            """
            CREATE POLICY own_or_stale_delete ON presence FOR DELETE
                USING (member = current_user
                       OR (heartbeat < now() - interval '\(presenceStaleSeconds) seconds' AND \(members)))
            """,
            "GRANT SELECT, INSERT, UPDATE, DELETE ON presence TO PUBLIC",
        ])
    }()
}
