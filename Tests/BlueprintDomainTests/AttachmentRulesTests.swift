import BlueprintDomain
import Foundation
import Testing

@Suite("Notes and documents: what they may be about, and what deleting their record does")
struct AttachmentRulesTests {
    static let contract = Document(id: uuid(70), title: "Hall contract", fileName: "contract.pdf", contentType: "application/pdf",
                                   byteCount: 1_024, sha256: Document.sha256(of: Data("contract".utf8)),
                                   subject: .record(Sample.hall), addedBy: "Mei", createdAt: createdTime)
    static let anaNote = Note(id: uuid(71), subject: .record(Sample.ana), text: "Allergic to nuts", author: "Mei",
                              createdAt: createdTime)
    static let weddingNote = Note(id: uuid(72), subject: .wedding, text: "Rain plan: marquee", author: "Sam", createdAt: createdTime)

    static var dataset: WeddingDataset {
        var dataset = Sample.dataset
        dataset.documents.upsert(contract)
        dataset.notes.upsert(anaNote)
        dataset.notes.upsert(weddingNote)
        return dataset
    }

    @Test("deleting a guest deletes the notes about them, and undoing the deletion brings them back")
    func notesGoWithTheirRecord() throws {
        var dataset = Self.dataset
        var changes = RecordChangeSet()
        changes.delete(Guest.self, id: Sample.ana.id)
        let (committed, _) = try dataset.transaction(now: editTime) { try $0.apply(changes) }
        #expect(dataset.notes[Self.anaNote.id] == nil)
        #expect(dataset.notes[Self.weddingNote.id] == Self.weddingNote, "a note on the wedding stays")
        _ = try dataset.transaction(now: editTime) { _ = try $0.apply(committed.inverse) }
        #expect(dataset.notes[Self.anaNote.id]?.text == "Allergic to nuts")
        #expect(dataset.notes[Self.anaNote.id]?.createdAt == createdTime, "the note still says when it was written")
        #expect(dataset.guests[Sample.ana.id]?.createdAt == Sample.ana.createdAt)
        #expect(dataset.notes[Self.anaNote.id]?.subject == .record(Sample.ana))
    }

    @Test("deleting a vendor keeps its documents, attached to the wedding, as a versioned update")
    func documentsOutliveTheirVendor() throws {
        var dataset = Self.dataset
        var changes = RecordChangeSet()
        changes.delete(Expense.self, id: Sample.hallDeposit.id)
        changes.delete(Vendor.self, id: Sample.hall.id)
        let (committed, _) = try dataset.transaction(now: editTime) { try $0.apply(changes) }
        let kept = try #require(dataset.documents[Self.contract.id])
        #expect(kept.subject == .wedding)
        #expect(kept.version == 2)
        _ = try dataset.transaction(now: editTime) { _ = try $0.apply(committed.inverse) }
        #expect(dataset.documents[Self.contract.id]?.subject == .record(Sample.hall))
    }

    @Test("a note or document about a record that is not there, or a document on a guest, is refused naming the field")
    func subjectsAreChecked() {
        let dataset = Self.dataset
        let stray = Note(subject: .record(.guest, uuid(404)), text: "Who?", author: "Mei")
        #expect(stray.validationIssues(in: dataset).map(\.field) == ["subject"])
        let blank = Note(subject: .wedding, text: "  \n ", author: "Mei")
        #expect(blank.validationIssues(in: dataset).map(\.field) == ["text"])
        var onGuest = Self.contract
        onGuest.subject = .record(Sample.ana)
        #expect(onGuest.validationIssues(in: dataset).map(\.message)
            == ["a document is attached to a vendor, an expense or the wedding, not a guest"])
        var badHash = Self.contract
        badHash.sha256 = String(repeating: "AB", count: 32)
        #expect(badHash.validationIssues(in: dataset).map(\.field) == ["sha256"])
        #expect(Self.contract.validationIssues(in: dataset).isEmpty && Self.weddingNote.validationIssues(in: dataset).isEmpty)
    }

    @Test("a subject is stored as its kind and id, and the wedding as its kind alone")
    func subjectsRoundTrip() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(RecordSubject.wedding), as: UTF8.self) == #"{"kind":"wedding"}"#)
        let guest = RecordSubject.record(Sample.ana)
        let text = String(decoding: try encoder.encode(guest), as: UTF8.self)
        #expect(text == #"{"id":"\#(Sample.ana.id.uuidString)","kind":"guest"}"#)
        #expect(try JSONDecoder().decode(RecordSubject.self, from: Data(text.utf8)) == guest)
        #expect(try JSONDecoder().decode(RecordSubject.self, from: Data(#"{"kind":"wedding","id":"\#(uuid(1).uuidString)"}"#.utf8)) == .wedding)
    }

    @Test("a file's SHA-256 is the standard digest in lower-case hex")
    func digest() {
        #expect(Document.sha256(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Document.sha256(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
