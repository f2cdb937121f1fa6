import BlueprintStorage
import Testing

@Suite("Where the data directory is")
struct DataDirectoryTests {
    @Test func blueprintDataDirWins() {
        let root = FileStore.defaultRoot(environment: ["BLUEPRINT_DATA_DIR": "/srv/plans", "XDG_DATA_HOME": "/x",
                                                       "HOME": "/home/ana"])
        #expect(root == "/srv/plans")
    }

    @Test func xdgDataHomeComesNext() {
        #expect(FileStore.defaultRoot(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/ana"]) == "/x/data/blueprint")
    }

    @Test func homeIsTheFallback() {
        #expect(FileStore.defaultRoot(environment: ["HOME": "/home/ana"]) == "/home/ana/.local/share/blueprint")
    }

    @Test func emptyAndRelativeSettingsAreIgnoredAsXDGAsks() {
        let root = FileStore.defaultRoot(environment: ["BLUEPRINT_DATA_DIR": "", "XDG_DATA_HOME": "relative/dir",
                                                       "HOME": "/home/ana"])
        #expect(root == "/home/ana/.local/share/blueprint")
    }
}
