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
        return try await createWedding(from: dataset, storingDemoDocumentsIn: documents)
    }

    /// Creates `dataset` (a demo wedding's) as a new wedding, its documents' bytes
    /// (`DemoAttachments.content`) stored in `documents` before their records are committed:
    /// a database refuses a document record without its bytes.
    public func createWedding(from dataset: WeddingDataset, storingDemoDocumentsIn documents: any DocumentRepository)
        async throws -> Wedding {
        var withoutDocuments = dataset
        withoutDocuments.documents = RecordTable([])
        let wedding = try await createWedding(from: withoutDocuments)
        for (_, bytes) in DemoAttachments.contents(of: dataset) {
            _ = try await documents.storeContent(bytes, in: wedding.weddingID)
        }
        try await documents.add(dataset.documents.records, in: wedding.weddingID)
        return wedding
    }
}
