import BlueprintDomain
extension WeddingRepository {
    /// Creates the demo wedding `options` describe under a new id, with its documents' bytes
    /// stored in `documents` (each before its record is committed). A name given in `options`
    /// must be free (see `WeddingNaming`); the couple's name, used otherwise, gets a number
    /// when another wedding already answers to it, so that every name still picks one wedding.
    ///
    /// - Throws: `DemoWeddingOptionsError` for bad options or a name already taken.
    public func createDemoWedding(_ options: DemoWeddingOptions, documents: any DocumentRepository) async throws -> Wedding {
        var dataset = try DemoWeddingGenerator.makeWithNewID(options)
        let existing = try await fetchWeddings()
        if let name = options.name {
            let issues = WeddingNaming.issues(for: name, among: existing)
            guard issues.isEmpty else { throw DemoWeddingOptionsError(issues: issues) }
        } else {
            dataset.wedding.name = WeddingNaming.unused(dataset.wedding.name, among: existing)
        }
        let attached = dataset.documents.records
        dataset.documents = RecordTable([])
        let wedding = try await createWedding(from: dataset)
        for document in attached {
            _ = try await documents.storeContent(DemoAttachments.content(of: document, wedding: dataset.wedding), in: wedding.weddingID)
        }
        try await documents.add(attached, in: wedding.weddingID)
        return wedding
    }
}
