import BlueprintDomain
import Foundation

/// Makes a wedding's preview as the guest store shows it at first: its guest figures, and the
/// first guests in the list's default order (by name), so the first frame drawn from the preview
/// is the one the full load then draws.
///
/// The figures leave out the headcount per table: the first frame does not show it, and a large
/// wedding has thousands of tables, whose decoding took most of reading a preview.
public struct WeddingPreviewer: WeddingPreviewing {
    public init() {}

    public func preview(of dataset: WeddingDataset) -> WeddingPreview {
        var figures = GuestStats(guests: dataset.guests)
        figures.seatsPerTable = [:]
        // The guests' order does not change with the day: any day sorts them alike.
        let first = ListOrder(GuestStore.defaultOrder).first(WeddingPreview.guestCount, of: dataset.guests,
                                                             today: CalendarDate(Date(), in: .current))
        return WeddingPreview(wedding: dataset.wedding, guestStats: figures, firstGuests: first)
    }
}
