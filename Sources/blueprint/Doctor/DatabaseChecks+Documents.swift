import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage

extension DatabaseChecks {
    /// At most this many documents are named in the report; the rest are counted.
    static let documentsNamed = 5

    /// That every document of every wedding you can open has its bytes on this machine (the data
    /// directory's folder of the wedding) or in the database, where opening it fetches them.
    func documentFiles() async -> Check {
        let host: PostgresWeddingHost
        do {
            host = try await PostgresWeddingHost.open(url, localRoot: dataDirectory)
        } catch {
            return .problem("cannot open the weddings: \(error)", fix: "ask the database's administrator")
        }
        var nowhere: [String] = []
        var count = 0
        do {
            for wedding in try await host.listWeddings() {
                let id = wedding.weddingID
                let documents = try await host.read(id) { $0.documents.records }
                guard !documents.isEmpty else { continue }
                count += documents.count
                let inDatabase = try await host.contentHashes(in: id)
                let files = DocumentFiles(folder: host.documentsFolder(of: id))
                nowhere += documents.filter { !inDatabase.contains($0.sha256) && !files.has($0.sha256) }
                    .map { "'\($0.title)' of '\(wedding.name)'" }
            }
        } catch {
            await host.close()
            return .warning("cannot check the documents' files: \(error)")
        }
        await host.close()
        guard !nowhere.isEmpty else {
            return .ok("every document's file (\(count)) is in the database or on this machine")
        }
        let named = nowhere.prefix(Self.documentsNamed).joined(separator: ", ")
            + (nowhere.count > Self.documentsNamed ? " and \(nowhere.count - Self.documentsNamed) more" : "")
        return .problem("\(nowhere.count) document\(nowhere.count == 1 ? "'s file is" : "s' files are") neither in the "
                        + "database nor on this machine: \(named)",
                        fix: "on the machine where it was attached, run `blueprint wedding sync` to send it; "
                            + "else attach it again from the original")
    }
}
