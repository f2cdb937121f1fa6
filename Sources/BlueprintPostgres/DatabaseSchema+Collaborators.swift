import BlueprintDomain

extension DatabaseSchema {
    /// Schema version 3: collaborators, and access decided by the database.
    ///
    /// - `wedding_members` says who may do what with each wedding: a PostgreSQL role name
    ///   (`member`) and its role, `owner` (exactly one per wedding), `planner` or `viewer`.
    /// - Row-level security is enabled and forced on `weddings`, `records` and `changes` (so the
    ///   tables' owner, the role that migrated, is bound too), with policies keyed on
    ///   `current_user`: a member of a wedding (any role) reads its rows; owners and planners
    ///   write its records, changes and settings (a viewer's attempt is refused with SQLSTATE
    ///   42501, or, for a deletion, finds no row); only the owner deletes the wedding or changes its
    ///   members; anyone who can connect creates a wedding, and becomes its owner.
    /// - `wedding_members` has row-level security enabled but not forced: the policy helper
    ///   `blueprint_role_in` (SECURITY DEFINER, owned by the tables' owner) reads it past its own
    ///   policy, which is how that policy asks "is the caller a member of this wedding?" without
    ///   recursing into itself. Other roles see the members of the weddings they belong to, and
    ///   only an owner adds, changes or removes a planner or viewer; the owner's row is never
    ///   changed or removed (a wedding always has its owner).
    /// - `weddings.created_by` is the creating role (`current_user` by default; the insert policy
    ///   refuses any other name), and a trigger makes it the wedding's owner. Owners never change,
    ///   so the read policy lets the creator see the row too: the insert's `RETURNING` is checked
    ///   against it before the trigger's membership row exists. Weddings that existed before this
    ///   migration are owned by the role that ran it (`blueprint db migrate` says so).
    /// - The policy helper takes the role to ask about as an argument (inside a SECURITY DEFINER
    ///   function `current_user` is the function's owner), and answers only for a role the session
    ///   may act as (`pg_has_role(session_user, …)`), so no one can ask about another's roles.
    /// - Privileges on the tables are granted to PUBLIC: who sees and changes which rows is the
    ///   policies' decision, not membership of database roles, so sharing a wedding never needs
    ///   CREATEROLE or GRANT, only a row in `wedding_members`.
    /// - Superusers and roles with BYPASSRLS are not bound by policies (PostgreSQL's rule): they
    ///   are the administrator, and see and may change every wedding.
    /// An SQL expression: whether the connected role is the administrator (a superuser, or a role
    /// with BYPASSRLS), whom the policies do not bind.
    static let callerIsAdministrator = """
        coalesce((SELECT r.rolsuper OR r.rolbypassrls FROM pg_catalog.pg_roles AS r WHERE r.rolname = current_user), false)
        """

    /// The schema version that brought collaborators (`collaborators`).
    public static let collaboratorsVersion = 3

    static let collaborators = Migration(
        version: collaboratorsVersion, summary: "collaborators and their roles, enforced by row-level security",
        statements: [
            """
            CREATE TABLE wedding_members (
                wedding_id uuid NOT NULL REFERENCES weddings (id) ON DELETE CASCADE,
                member text NOT NULL,
                role text NOT NULL CHECK (role IN ('owner', 'planner', 'viewer')),
                added_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (wedding_id, member)
            )
            """,
            "CREATE UNIQUE INDEX wedding_members_one_owner ON wedding_members (wedding_id) WHERE role = 'owner'",
            "CREATE INDEX wedding_members_by_member ON wedding_members (member, wedding_id)",
            "ALTER TABLE weddings ADD COLUMN created_by text NOT NULL DEFAULT current_user",
            "INSERT INTO wedding_members (wedding_id, member, role) SELECT id, created_by, 'owner' FROM weddings",
            """
            CREATE FUNCTION blueprint_role_in(wedding uuid, who text) RETURNS text
                LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
                AS $$ SELECT m.role FROM public.wedding_members AS m
                      WHERE m.wedding_id = wedding AND m.member = who
                        AND pg_catalog.pg_has_role(session_user, who, 'MEMBER') $$
            """,
            """
            CREATE FUNCTION blueprint_add_owner() RETURNS trigger
                LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public
                AS $$ BEGIN
                    INSERT INTO public.wedding_members (wedding_id, member, role) VALUES (NEW.id, NEW.created_by, 'owner');
                    RETURN NULL;
                END $$
            """,
            """
            CREATE TRIGGER weddings_creator_is_owner AFTER INSERT ON weddings
                FOR EACH ROW EXECUTE FUNCTION blueprint_add_owner()
            """,
            "ALTER TABLE weddings ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE weddings FORCE ROW LEVEL SECURITY",
            "ALTER TABLE records ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE records FORCE ROW LEVEL SECURITY",
            "ALTER TABLE changes ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE changes FORCE ROW LEVEL SECURITY",
            "ALTER TABLE wedding_members ENABLE ROW LEVEL SECURITY",
            """
            CREATE POLICY members_read ON weddings FOR SELECT
                USING (created_by = current_user OR blueprint_role_in(id, current_user) IS NOT NULL)
            """,
            "CREATE POLICY anyone_creates ON weddings FOR INSERT WITH CHECK (created_by = current_user)",
            """
            CREATE POLICY writers_update ON weddings FOR UPDATE
                USING (blueprint_role_in(id, current_user) IS NOT NULL)
                WITH CHECK (blueprint_role_in(id, current_user) IN ('owner', 'planner'))
            """,
            "CREATE POLICY owner_deletes ON weddings FOR DELETE USING (blueprint_role_in(id, current_user) = 'owner')",
            """
            CREATE POLICY members_read ON wedding_members FOR SELECT
                USING (member = current_user OR blueprint_role_in(wedding_id, current_user) IS NOT NULL)
            """,
            """
            CREATE POLICY owner_adds ON wedding_members FOR INSERT
                WITH CHECK (role <> 'owner' AND blueprint_role_in(wedding_id, current_user) = 'owner')
            """,
            """
            CREATE POLICY owner_changes ON wedding_members FOR UPDATE
                USING (role <> 'owner' AND blueprint_role_in(wedding_id, current_user) = 'owner')
                WITH CHECK (role <> 'owner' AND blueprint_role_in(wedding_id, current_user) = 'owner')
            """,
            """
            CREATE POLICY owner_removes ON wedding_members FOR DELETE
                USING (role <> 'owner' AND blueprint_role_in(wedding_id, current_user) = 'owner')
            """,
            "GRANT SELECT, INSERT, UPDATE, DELETE ON weddings, records, changes, wedding_members TO PUBLIC",
            "GRANT SELECT ON schema_migrations TO PUBLIC",
        ] + ["records", "changes"].flatMap(memberPolicies))

    /// The policies of a table of wedding rows (`records`, `changes`): members read, owners and
    /// planners write. An update a viewer attempts is refused (the row passes `USING`, the new row
    /// fails `WITH CHECK`); a deletion finds no row, which the host reports as not permitted.
    static func memberPolicies(on table: String) -> [String] {
        let members = "wedding_id IN (SELECT m.wedding_id FROM wedding_members AS m WHERE m.member = current_user)"
        let writers = "wedding_id IN (SELECT m.wedding_id FROM wedding_members AS m "
            + "WHERE m.member = current_user AND m.role IN ('owner', 'planner'))"
        return ["CREATE POLICY members_read ON \(table) FOR SELECT USING (\(members))",
                "CREATE POLICY writers_insert ON \(table) FOR INSERT WITH CHECK (\(writers))",
                "CREATE POLICY writers_update ON \(table) FOR UPDATE USING (\(members)) WITH CHECK (\(writers))",
                "CREATE POLICY writers_delete ON \(table) FOR DELETE USING (\(writers))"]
    }
}
