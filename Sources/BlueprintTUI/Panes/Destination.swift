import BlueprintDomain
import Foundation

/// Something a pane shows when asked from elsewhere: what an item of the dashboard opens.
enum Destination: Hashable {
    /// The task, selected in the task list.
    case task(UUID)
    /// The expense, selected among its category's expenses.
    case expense(UUID)
    /// The milestone, selected in the timeline.
    case milestone(UUID)
    /// The vendors of a category; with none yet, the form that adds one.
    case vendors(VendorCategory)
    /// The guests who have not answered yet.
    case waitingGuests
    /// The thank-yous still to write, in the gifts.
    case thankYous
    /// The guest, selected in the guest list.
    case guest(UUID)
    /// The vendor, selected in the vendor list.
    case vendor(UUID)
    /// The gift, selected among every gift.
    case gift(UUID)
    /// The notes that contain a text (every note for an empty one).
    case notes(String)

    /// Where the record of `kind` with `id` is shown and selected; `nil` for a kind no pane
    /// opens on one record.
    static func record(_ kind: RecordKind, _ id: UUID) -> Destination? {
        switch kind {
        case .guest: .guest(id)
        case .vendor: .vendor(id)
        case .task: .task(id)
        case .expense: .expense(id)
        case .milestone: .milestone(id)
        case .gift: .gift(id)
        default: nil
        }
    }
}
