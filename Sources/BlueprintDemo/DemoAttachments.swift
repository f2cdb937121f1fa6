import BlueprintDomain
import Foundation

/// The notes the couple have written (on the wedding, some guests, vendors and tasks) and the
/// documents they have attached: each booked vendor's contract, a quote from one still quoting,
/// an invoice for a paid expense (or the first) and the wedding's draft menu.
///
/// A document's bytes are plain text made from its record alone (`content(of:wedding:)`), so
/// whoever stores the demo can write every file the records name.
public enum DemoAttachments {
    private static let guestNotes = [
        "Allergic to shellfish; told the caterer.", "Needs a step-free route to the table.",
        "Arriving the day before; asked about hotels nearby.", "Bringing the kids' car seats for the shuttle.",
        "Prefers to sit away from the speakers.", "Offered to help with the flowers on the morning.",
    ]
    private static let vendorNotes = [
        "Called on Tuesday; waiting for the revised quote.", "Deposit is refundable until 60 days before.",
        "Ask whether overtime past 11 pm is charged by the half hour.", "They need the final headcount two weeks before.",
    ]
    private static let weddingNotes = [
        "Keep the speeches to three, ten minutes each.", "Rain plan: move the ceremony under the marquee.",
        "Both grandmothers in the front row.",
    ]

    /// Notes by the two partners: two or three on the wedding, one on about one guest in
    /// twelve (at least two), one on every other vendor and one on a task.
    static func notes(dataset: WeddingDataset, couple: DemoCouple, timeline: DemoTimeline, random: inout SeededRandom) -> [Note] {
        let authors = [couple.partner1.givenName, couple.partner2.givenName]
        var subjects: [(RecordSubject, String)] = (0..<random.int(in: 2...3)).map { index in
            (.wedding, weddingNotes[index])
        }
        let guests = dataset.guests.records
        for (index, guest) in guests.enumerated() where index % 12 == 5 || (guests.count < 24 && index < 2) {
            subjects.append((.record(guest), random.pick(guestNotes)))
        }
        for (index, vendor) in dataset.vendors.records.enumerated() where index % 2 == 0 {
            subjects.append((.record(vendor), random.pick(vendorNotes)))
        }
        if let task = dataset.tasks.records.first {
            subjects.append((.record(task), "Split this with \(couple.relative) if it runs late."))
        }
        return subjects.map { subject, text in
            var note = Note(id: random.uuid(), subject: subject, text: text, author: random.pick(authors))
            timeline.stamp(&note, random: &random)
            return note
        }
    }

    /// Each booked vendor's contract, a quote from the first vendor still quoting, an invoice for
    /// the first paid expense (else the first) and the wedding's draft menu.
    static func documents(dataset: WeddingDataset, couple: DemoCouple, timeline: DemoTimeline,
                          random: inout SeededRandom) -> [Document] {
        var documents: [Document] = []
        func attach(_ title: String, _ fileName: String, to subject: RecordSubject) {
            var document = Document(id: random.uuid(), title: title, fileName: fileName, contentType: "text/plain",
                                    byteCount: 0, sha256: "", subject: subject, addedBy: random.pick([couple.partner1.givenName,
                                                                                                   couple.partner2.givenName]))
            let bytes = content(of: document, wedding: dataset.wedding)
            document.byteCount = bytes.count
            document.sha256 = Document.sha256(of: bytes)
            timeline.stamp(&document, random: &random)
            documents.append(document)
        }
        for vendor in dataset.vendors.records where vendor.status == .booked && !vendor.isArchived {
            attach("Contract: \(vendor.name)", "contract.txt", to: .record(vendor))
        }
        if let quoting = dataset.vendors.records.first(where: { $0.status == .quoted }) {
            attach("Quote: \(quoting.name)", "quote.txt", to: .record(quoting))
        }
        if let paid = dataset.expenses.records.first(where: { $0.paymentStatus == .paid }) ?? dataset.expenses.records.first {
            attach("Invoice: \(paid.name)", "invoice.txt", to: .record(paid))
        }
        attach("Draft menu", "menu.txt", to: .wedding)
        return documents
    }

    /// The bytes of every demo document of `dataset`, by SHA-256.
    public static func contents(of dataset: WeddingDataset) -> [String: Data] {
        var contents: [String: Data] = [:]
        for document in dataset.documents.records {
            contents[document.sha256] = content(of: document, wedding: dataset.wedding)
        }
        return contents
    }

    /// The text of a demo document: what its title says, for the wedding, signed by its adder.
    public static func content(of document: Document, wedding: Wedding) -> Data {
        let date = wedding.weddingDate.map { " on \($0)" } ?? ""
        return Data("""
            \(document.title)
            For the wedding of \(wedding.partner1Name) and \(wedding.partner2Name)\(date).

            This is a demo document made by blueprint; it stands for the \(document.fileName) a couple would attach.
            Added by \(document.addedBy).

            """.utf8)
    }
}
