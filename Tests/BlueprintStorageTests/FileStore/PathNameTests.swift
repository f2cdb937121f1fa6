import BlueprintStorage
import Testing

@Suite("Path names")
struct PathNameTests {
    @Test("folder and file name of paths of every shape, none of them a crash", arguments: [
        ("a", ".", "a"), ("-", ".", "-"), ("ab", ".", "ab"), ("out.csv", ".", "out.csv"),
        ("x/a", "x", "a"), ("/a", "/", "a"), ("/", "/", "/"), ("a b/c d", "a b", "c d"),
        ("x/y/", "x", "y"), ("./a", ".", "a"), ("../a", "..", "a"), ("é/ü", "é", "ü"),
    ])
    func parts(path: String, folder: String, name: String) {
        #expect(PathName.folder(of: path) == folder)
        #expect(PathName.fileName(of: path) == name)
    }

    @Test("names that can only be a folder", arguments: [(".", true), ("..", true), ("x/", true), ("/", true),
                                                       ("a/..", true), ("a", false), (".a", false), ("...", false)])
    func folderNames(path: String, isFolder: Bool) {
        #expect(PathName.namesFolder(path) == isFolder)
    }
}
