extension DatabaseSchema {
    /// The schema version that closed the holes an attacker found in schema 3's access rules
    /// (`hardening`).
    public static let hardeningVersion = 6

    /// Schema version 6: every row's access is checked on its old state as well as its new one,
    /// rows stay in their wedding, history is signed by the database, what is stored is checked,
    /// and notices go on channels only a wedding's members can name.
    ///
    /// - **Old row and new.** Updating a record or a wedding's settings needs an owner's or a
    ///   planner's role on the row as it was (`USING`) and as it becomes (`WITH CHECK`); before,
    ///   a viewer passed `USING` as a reader and could move a wedding's records into one it owned.
    /// - **Rows stay put** (`blueprint_keys_never_change`, SQLSTATE 42501): a record's wedding,
    ///   kind and id, a membership's wedding and member, a presence row's member and session, a
    ///   wedding's id, creator and creation time never change, whoever asks (the tables' owner
    ///   too). So ownership changes only as the owner's commands change `wedding_members`, and no
    ///   one can make themselves a wedding's creator (which its read policy trusts).
    /// - **History is append-only and signed.** `changes` rows are inserted, never updated or
    ///   deleted (no policy allows it and the privileges are revoked; a wedding's deletion takes
    ///   them with it), and a row's `author` must be `current_user`: the database, not the
    ///   program, says who made each change.
    /// - **What is stored is checked.** A wedding's `record` and every record's `data` must be
    ///   JSON naming the row's own id (`blueprint_json_id`), so `record = '{}'` is refused. The
    ///   checks are added `NOT VALID`: rows stored before are not re-checked (a row broken then
    ///   stays readable to the others, see `PostgresWeddingHost.listWeddings`).
    /// - **Notice channels.** Each wedding gets `channel`, a name with 122 random bits that only
    ///   its members can read; its commits are announced there (`ChangeNotice`) and its presence
    ///   on the same name with `_presence` appended, so a stranger who `LISTEN`s cannot name
    ///   them. Unsharing a wedding gives it a new channel (only its owner, or the administrator,
    ///   may), so a former collaborator hears no more of it.
    /// - Contents of documents never change: their update policy is dropped.
    /// - A document whose title holds a NUL is checked for its content like any other (the
    ///   trigger reads the JSON past `\u0000`, which PostgreSQL's JSON functions refuse).
    static let hardening: Migration = {
        let writers = "wedding_id IN (SELECT m.wedding_id FROM wedding_members AS m "
            + "WHERE m.member = current_user AND m.role IN ('owner', 'planner'))"
        let weddingWriters = "blueprint_role_in(id, current_user) IN ('owner', 'planner')"
        return Migration(version: hardeningVersion, summary: "access checked on old and new rows, signed history, "
                             + "checked records, private notice channels", statements: [
            """
            CREATE FUNCTION blueprint_keys_never_change() RETURNS trigger
                LANGUAGE plpgsql SET search_path = pg_catalog, public
                AS $$ DECLARE
                    before jsonb := to_jsonb(OLD);
                    after jsonb := to_jsonb(NEW);
                BEGIN
                    FOR i IN 0 .. TG_NARGS - 1 LOOP
                        IF before -> TG_ARGV[i] IS DISTINCT FROM after -> TG_ARGV[i] THEN
                            RAISE EXCEPTION 'the % of a row of % never changes', TG_ARGV[i], TG_TABLE_NAME
                                USING ERRCODE = 'insufficient_privilege';
                        END IF;
                    END LOOP;
                    RETURN NEW;
                END $$
            """,
            """
            CREATE TRIGGER records_keys_never_change BEFORE UPDATE ON records
                FOR EACH ROW EXECUTE FUNCTION blueprint_keys_never_change('wedding_id', 'kind', 'id')
            """,
            """
            CREATE TRIGGER wedding_members_keys_never_change BEFORE UPDATE ON wedding_members
                FOR EACH ROW EXECUTE FUNCTION blueprint_keys_never_change('wedding_id', 'member')
            """,
            """
            CREATE TRIGGER presence_keys_never_change BEFORE UPDATE ON presence
                FOR EACH ROW EXECUTE FUNCTION blueprint_keys_never_change('session_id', 'member')
            """,
            """
            CREATE TRIGGER weddings_keys_never_change BEFORE UPDATE ON weddings
                FOR EACH ROW EXECUTE FUNCTION blueprint_keys_never_change('id', 'created_by', 'created_at')
            """,

            "DROP POLICY writers_update ON records",
            "CREATE POLICY writers_update ON records FOR UPDATE USING (\(writers)) WITH CHECK (\(writers))",
            "DROP POLICY writers_update ON weddings",
            "CREATE POLICY writers_update ON weddings FOR UPDATE USING (\(weddingWriters)) WITH CHECK (\(weddingWriters))",
            "DROP POLICY writers_update ON document_contents",

            "DROP POLICY writers_update ON changes",
            "DROP POLICY writers_delete ON changes",
            "REVOKE UPDATE, DELETE ON changes FROM PUBLIC",
            "DROP POLICY writers_insert ON changes",
            "CREATE POLICY writers_insert ON changes FOR INSERT WITH CHECK (\(writers) AND author = current_user)",
            "ALTER TABLE changes ALTER COLUMN author SET DEFAULT current_user",

            """
            CREATE FUNCTION blueprint_json_id(document text) RETURNS uuid
                LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog
                AS $$ SELECT (replace(document, '\\u0000', '\\u0020')::json ->> 'id')::uuid $$
            """,
            """
            ALTER TABLE weddings ADD CONSTRAINT record_names_its_wedding
                CHECK (blueprint_json_id(record) IS NOT DISTINCT FROM id) NOT VALID
            """,
            """
            ALTER TABLE records ADD CONSTRAINT data_names_its_record
                CHECK (blueprint_json_id(data) IS NOT DISTINCT FROM id) NOT VALID
            """,
            """
            CREATE OR REPLACE FUNCTION blueprint_document_has_content() RETURNS trigger
                LANGUAGE plpgsql SET search_path = pg_catalog, public
                AS $$ BEGIN
                    IF NOT EXISTS (SELECT 1 FROM public.document_contents AS c
                                   WHERE c.wedding_id = NEW.wedding_id
                                     AND c.sha256 = (replace(NEW.data, '\\u0000', '\\u0020')::json ->> 'sha256')) THEN
                        RAISE EXCEPTION 'the file of the document % is not in the database; it must be sent first', NEW.id
                            USING ERRCODE = 'foreign_key_violation';
                    END IF;
                    RETURN NEW;
                END $$
            """,

            """
            ALTER TABLE weddings ADD COLUMN channel text NOT NULL
                DEFAULT 'blueprint_' || replace(gen_random_uuid()::text, '-', '')
            """,
            """
            CREATE FUNCTION blueprint_channel_moved_by_owner() RETURNS trigger
                LANGUAGE plpgsql SET search_path = pg_catalog, public
                AS $$ BEGIN
                    IF NEW.channel IS DISTINCT FROM OLD.channel
                       AND blueprint_role_in(OLD.id, current_user) IS DISTINCT FROM 'owner'
                       AND NOT EXISTS (SELECT 1 FROM pg_roles AS r
                                       WHERE r.rolname = current_user AND (r.rolsuper OR r.rolbypassrls)) THEN
                        RAISE EXCEPTION 'only the owner of a wedding gives it a new notice channel'
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    RETURN NEW;
                END $$
            """,
            """
            CREATE TRIGGER weddings_channel_moved_by_owner BEFORE UPDATE OF channel ON weddings
                FOR EACH ROW EXECUTE FUNCTION blueprint_channel_moved_by_owner()
            """,
        ])
    }()
}
