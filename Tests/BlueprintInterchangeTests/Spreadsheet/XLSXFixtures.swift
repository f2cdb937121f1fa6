import Foundation

/// The workbooks in `Fixtures/xlsx`, written by `make_fixtures.py` (openpyxl and zipfile) and by
/// LibreOffice (`*_libreoffice.xlsx`; see the README there).
enum XLSXFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/xlsx", isDirectory: true)

    /// The bytes of the fixture called `name`.
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }
}
