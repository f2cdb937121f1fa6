import BlueprintDomain
import BlueprintStores
import Foundation

/// One row of the dashboard: a section's heading, or an item that opens the record it names.
enum DashboardRow: Identifiable {
    /// The dashboard's sections, in the order shown: what is late first.
    enum Section: Int, CaseIterable {
        case overdueTasks, tasksDueSoon, money, replies, milestones, gifts, vendors

        var title: String {
            switch self {
            case .overdueTasks: "Overdue tasks"
            case .tasksDueSoon: "Tasks due within 7 days"
            case .money: "Payments due or overdue"
            case .replies: "Replies"
            case .milestones: "Next milestones"
            case .vendors: "Vendors to book"
            case .gifts: "Gifts"
            }
        }
    }

    case heading(Section, count: Int)
    case task(WeddingTask, overdue: Bool)
    case payment(DuePayment, overdue: Bool)
    case replies(Dashboard.Replies)
    case milestone(Milestone, overdue: Bool)
    case vendorGap(Dashboard.VendorGap)
    /// How many thank-yous are still to write.
    case thankYous(Int)

    var id: UUID {
        switch self {
        case .heading(let section, _): Self.fixedID(section.rawValue)
        case .task(let task, _): task.id
        case .payment(let payment, _): payment.installmentID ?? payment.expenseID
        case .replies: Self.fixedID(100)
        case .milestone(let milestone, _): milestone.id
        case .vendorGap(let gap): Self.fixedID(200 + VendorCategory.allCases.firstIndex(of: gap.category)!)
        case .thankYous: Self.fixedID(300)
        }
    }

    /// What Enter on the row opens; `nil` for a heading.
    var destination: Destination? {
        switch self {
        case .heading: nil
        case .task(let task, _): .task(task.id)
        case .payment(let payment, _): .expense(payment.expenseID)
        case .replies: .waitingGuests
        case .milestone(let milestone, _): .milestone(milestone.id)
        case .vendorGap(let gap): .vendors(gap.category)
        case .thankYous: .thankYous
        }
    }

    /// The rows of `dashboard`: each section's heading, then its items.
    static func rows(_ dashboard: Dashboard) -> [DashboardRow] {
        let today = dashboard.today
        let items: [Section: [DashboardRow]] = [
            .overdueTasks: dashboard.overdueTasks.map { .task($0, overdue: true) },
            .tasksDueSoon: dashboard.tasksDueSoon.map { .task($0, overdue: false) },
            .money: dashboard.overduePayments.map { .payment($0, overdue: true) }
                + dashboard.paymentsDueSoon.map { .payment($0, overdue: false) },
            .replies: [.replies(dashboard.replies)],
            .milestones: dashboard.nextMilestones.map { .milestone($0, overdue: $0.isOverdue(today: today)) },
            .vendors: dashboard.unbookedCategories.map { .vendorGap($0) },
            .gifts: [.thankYous(dashboard.thankYousToWrite)],
        ]
        return Section.allCases.flatMap { section in
            let members = items[section] ?? []
            return [.heading(section, count: members.count)] + members
        }
    }

    /// Ids for the rows that stand for no record, apart from any record's.
    private static func fixedID(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0002-%012d", number))!
    }
}
