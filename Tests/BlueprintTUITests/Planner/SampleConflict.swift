import BlueprintDomain
import BlueprintStores
import Foundation
@testable import BlueprintTUI

/// A conflict as the dialog gets it: Sam changed Ana Ruiz's phone and email two minutes before
/// `now`, and so did you.
@MainActor
enum SampleConflict {
    static func phoneAndEmail(now: Timestamp) -> ConflictSummary {
        ConflictSummary(
            kind: .guest, name: "Ana Ruiz",
            fields: [
                .init(path: .field("phone"), label: "phone", base: .text("+1 555 0100"), mine: .text("+1 555 0111"),
                      theirs: .text("+1 555 0122")),
                .init(path: .field("email"), label: "email", base: .text("ana@example.com"), mine: .text("ana.ruiz@example.com"),
                      theirs: .text("ana@ruiz.family")),
            ],
            writer: ChangeWriter(author: "Sam", at: Timestamp(millisecondsSince1970: now.millisecondsSince1970 - 120_000),
                                 deleted: false),
            deleted: false)
    }

    /// The dialog over `planner`'s guests.
    static func present(on planner: PlannerHarness) {
        planner.screen.present(MergeConflictOverlay(store: planner.session.guests, conflict: phoneAndEmail(now: planner.screen.now),
                                                    currency: .usd, now: planner.screen.now, timeZone: .gmt) { _ in })
    }
}
