import BlueprintDomain
@testable import BlueprintTUI
import Foundation
import Testing

@Suite("Opening a document, and the :attach command")
struct DocumentOpenerTests {
    private static func document(_ contentType: String) -> Document {
        Document(title: "Menu", fileName: "menu", contentType: contentType, byteCount: 1, sha256: String(repeating: "0", count: 64),
                 subject: .wedding, addedBy: "Mei")
    }

    private let path = "/data/weddings/w/documents/abc"

    @Test("over ssh nothing is run: the path is shown, whatever the type")
    func overSSH() {
        for environment in [["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"], ["SSH_TTY": "/dev/pts/3", "PAGER": "most"]] {
            #expect(DocumentOpener.choice(for: Self.document("text/plain"), at: path, environment: environment) == .overSSH(path: path))
            #expect(DocumentOpener.choice(for: Self.document("application/pdf"), at: path, environment: environment)
                    == .overSSH(path: path))
        }
    }

    @Test("on a local terminal text goes to $PAGER (less without one, its options kept) and anything else to xdg-open")
    func local() {
        let text = Self.document("text/markdown"), json = Self.document("application/json"), pdf = Self.document("application/pdf")
        #expect(DocumentOpener.choice(for: text, at: path, environment: [:]) == .run(["less", path]))
        #expect(DocumentOpener.choice(for: text, at: path, environment: ["PAGER": " ", "SSH_TTY": ""]) == .run(["less", path]))
        #expect(DocumentOpener.choice(for: json, at: path, environment: ["PAGER": "less -R"]) == .run(["less", "-R", path]))
        #expect(DocumentOpener.choice(for: pdf, at: path, environment: ["PAGER": "most"]) == .run(["xdg-open", path]))
    }

    @Test("a program is run with the terminal and its exit status returned; one that does not exist is reported")
    func childProcess() throws {
        #expect(try ChildProcess.run(["true"]).get() == 0)
        #expect(try ChildProcess.run(["sh", "-c", "exit 3"]).get() == 3)
        guard case .failure(let failure) = ChildProcess.run(["no-such-program-\(UUID().uuidString)"]) else {
            Issue.record("a missing program ran")
            return
        }
        #expect(failure.description.contains("No such file"))
    }

    private func parse(_ line: String) -> Result<PlannerCommand, CommandError> { PlannerCommand.parse(line, keymap: .standard) }

    @Test(":attach takes one file, quoted or escaped when it has spaces, and --title before or after it")
    func parsesAttach() {
        #expect(parse("attach ~/contract.pdf") == .success(.attach(path: "~/contract.pdf", title: nil)))
        #expect(parse(#"attach "My Files/florist quote.pdf" --title "Florist quote""#)
                == .success(.attach(path: "My Files/florist quote.pdf", title: "Florist quote")))
        #expect(parse(#"attach --title=Menu menu\ v2.txt"#) == .success(.attach(path: "menu v2.txt", title: "Menu")))
        #expect(parse("documents") == .success(.documents))
        for wrong in ["attach", "attach a.pdf b.pdf", "attach a.pdf --title", "attach a.pdf --name x"] {
            guard case .failure(let error) = parse(wrong) else {
                Issue.record("\(wrong) parsed")
                continue
            }
            #expect(error.description.contains("attach FILE [--title TITLE]"), "\(wrong): \(error)")
        }
        #expect(parse("attach a.pdf --title A --title B") == .failure(CommandError("--title is given twice; give one title")))
    }

    @Test(":attach completes the file's path, then offers --title")
    func completesAttach() {
        var completion = CommandCompletion()
        completion.listFolder = { $0 == "docs/" ? ["florist quote.pdf", "menu.txt"] : ["docs/"] }
        #expect(completion.complete("att") == ("attach ", []))
        #expect(completion.complete("attach d") == ("attach docs/", []))
        #expect(completion.complete("attach docs/f") == (#"attach docs/florist\ quote.pdf "#, []))
        #expect(completion.complete(#"attach docs/florist\ quote.pdf "#) == (#"attach docs/florist\ quote.pdf --title "#, []))
    }
}
