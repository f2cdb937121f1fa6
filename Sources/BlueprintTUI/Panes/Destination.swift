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
}
