/// The content of a wedding folder's `meta.json`: what the folder is and its schema version.
struct StoreMeta: Codable, Equatable {
    static let formatName = "blueprint-wedding"

    var format = StoreMeta.formatName
    var schemaVersion: Int
}
