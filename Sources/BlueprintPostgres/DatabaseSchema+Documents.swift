extension DatabaseSchema {
    /// The schema version that brought documents' bytes into the database (`documentContents`).
    public static let documentContentsVersion = 5

    /// Schema version 5: documents' bytes, so a document added on one machine opens on another.
    ///
    /// - `document_contents` keeps each content of a wedding once, keyed by (wedding, SHA-256),
    ///   with its size and bytes (`bytea`). The database checks that the bytes hash to the key
    ///   and have the size given, so no program can store a content under another's name.
    ///   Contents never change: they are inserted (`ON CONFLICT DO NOTHING`, the same content
    ///   twice is one row) and go with their wedding (`ON DELETE CASCADE`).
    /// - Row-level security as on `records` (`memberPolicies`): a member reads, an owner or
    ///   planner inserts; a viewer's insert is refused, and a stranger sees no row. Only SELECT
    ///   and INSERT are granted.
    /// - A trigger refuses a document record whose content the wedding does not have
    ///   (SQLSTATE 23503), so a record never reaches the database without its bytes, whatever
    ///   program sends it: the bytes go first (`PostgresWeddingHost.keepContent`, and before a
    ///   push or a queued commit is sent).
    static let documentContents = Migration(
        version: documentContentsVersion, summary: "documents' bytes, kept once per content",
        statements: [
            """
            CREATE TABLE document_contents (
                wedding_id uuid NOT NULL REFERENCES weddings (id) ON DELETE CASCADE,
                sha256 text NOT NULL,
                byte_count bigint NOT NULL,
                content bytea NOT NULL,
                added_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (wedding_id, sha256),
                CONSTRAINT content_matches_sha256 CHECK (sha256 = encode(sha256(content), 'hex')),
                CONSTRAINT size_matches_content CHECK (byte_count = octet_length(content))
            )
            """,
            "ALTER TABLE document_contents ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE document_contents FORCE ROW LEVEL SECURITY",
            "GRANT SELECT, INSERT ON document_contents TO PUBLIC",
            """
            CREATE FUNCTION blueprint_document_has_content() RETURNS trigger
                LANGUAGE plpgsql SET search_path = pg_catalog, public
                AS $$ BEGIN
                    IF NOT EXISTS (SELECT 1 FROM public.document_contents AS c
                                   WHERE c.wedding_id = NEW.wedding_id AND c.sha256 = (NEW.data::json ->> 'sha256')) THEN
                        RAISE EXCEPTION 'the file of the document % is not in the database; it must be sent first', NEW.id
                            USING ERRCODE = 'foreign_key_violation';
                    END IF;
                    RETURN NEW;
                END $$
            """,
            """
            CREATE TRIGGER records_document_has_content BEFORE INSERT ON records
                FOR EACH ROW WHEN (NEW.kind = 'document') EXECUTE FUNCTION blueprint_document_has_content()
            """,
        ] + memberPolicies(on: "document_contents"))
}
