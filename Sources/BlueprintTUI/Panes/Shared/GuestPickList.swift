import BlueprintDomain
import Foundation

/// The guest list as a form's pick-list: "(none)", then the guests by name, each with their
/// household beside it. A letter typed in the field jumps to the next guest it starts.
struct GuestPickList {
    /// The guests in the order the options show them (after "(none)").
    let guests: [Guest]

    /// The pick-list of `guests`, sorted by name.
    init(_ guests: some Collection<Guest>) {
        self.guests = guests.map { (name: $0.fullName.lowercased(), guest: $0) }
            .sorted { ($0.name, $0.guest.id) < ($1.name, $1.guest.id) }.map(\.guest)
    }

    /// The options' labels: "(none)", then "Full Name (Household)" for each guest.
    var options: [String] {
        ["(none)"] + guests.map { $0.household.isEmpty ? $0.fullName : "\($0.fullName) (\($0.household))" }
    }

    /// The option of the guest with `id`; 0 ("(none)") for `nil` or a guest not in the list.
    func option(of id: UUID?) -> Int {
        id.flatMap { id in guests.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0
    }

    /// The guest of option `index`; `nil` for "(none)".
    func guest(at index: Int) -> Guest? {
        index > 0 && index <= guests.count ? guests[index - 1] : nil
    }
}
