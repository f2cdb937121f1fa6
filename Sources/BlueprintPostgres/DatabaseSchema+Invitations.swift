extension DatabaseSchema {
    /// The schema version that brought the invitation secrets (`invitationSecrets`).
    public static let invitationSecretsVersion = 7

    /// Schema version 7: each wedding's invitation secret, the 32 bytes its households' links are
    /// derived from (`InvitationSecret`).
    ///
    /// - `invitation_secrets` keeps one row per wedding (its bytes checked to be 32 long), made
    ///   by the first program that lists the links and never changed (no update is granted: a new
    ///   secret would change every household's link); it goes with its wedding.
    /// - Only the wedding's owner and planners read or add it: a viewer who could derive the links
    ///   could answer for any household, so a viewer sees no row and its insert is refused
    ///   (SQLSTATE 42501), as a stranger's is.
    static let invitationSecrets = Migration(
        version: invitationSecretsVersion, summary: "invitation secrets, readable by owners and planners only",
        statements: {
            let writers = "wedding_id IN (SELECT m.wedding_id FROM wedding_members AS m "
                + "WHERE m.member = current_user AND m.role IN ('owner', 'planner'))"
            return [
                """
                CREATE TABLE invitation_secrets (
                    wedding_id uuid PRIMARY KEY REFERENCES weddings (id) ON DELETE CASCADE,
                    secret bytea NOT NULL CHECK (octet_length(secret) = 32),
                    created_at timestamptz NOT NULL DEFAULT now()
                )
                """,
                "ALTER TABLE invitation_secrets ENABLE ROW LEVEL SECURITY",
                "ALTER TABLE invitation_secrets FORCE ROW LEVEL SECURITY",
                "GRANT SELECT, INSERT ON invitation_secrets TO PUBLIC",
                "CREATE POLICY writers_read ON invitation_secrets FOR SELECT USING (\(writers))",
                "CREATE POLICY writers_insert ON invitation_secrets FOR INSERT WITH CHECK (\(writers))",
            ]
        }())
}
