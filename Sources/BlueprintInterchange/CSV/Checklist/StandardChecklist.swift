import BlueprintDomain
import Foundation

extension ChecklistTemplate {
    /// The standard planning checklist, read from `standardCSV`: about fifty tasks from twelve
    /// months before the wedding to the day itself.
    public static let standard: ChecklistTemplate = {
        do {
            return try ChecklistTemplate(csv: Data(standardCSV.utf8), fileName: "checklist.csv")
        } catch {
            preconditionFailure("the built-in checklist does not read: \(error)")
        }
    }()

    /// The standard checklist as a CSV file, byte for byte the `Resources/checklist.csv` that
    /// ships for planners to copy and change (see `init(csv:fileName:)` for the format). Built
    /// in, so the program needs no resource files.
    public static let standardCSV = #"""
        key,due,title,priority,details
        budget,12 months,Set the budget,high,Agree on a total and on who contributes what
        guest-list-draft,12 months,Draft the guest list,high,A first headcount decides the size of the venue
        venue,12 months,Book the venue,urgent,"Visit, compare contracts and pay the deposit"
        wedding-party,12 months,Ask the wedding party,medium,
        planner,12 months,Decide whether to hire a planner,medium,
        style,12 months,Choose the style and colors,low,
        guest-addresses,12 months,Collect guests' addresses,medium,Needed for the save-the-dates
        insurance,12 months,Look into wedding insurance,low,
        photographer,9 months,Book the photographer,high,Review portfolios and sign the contract
        caterer,9 months,Book the caterer,high,
        officiant,9 months,Book the officiant,high,
        videographer,9 months,Book the videographer,medium,
        music,9 months,Book the band or DJ,medium,
        florist,9 months,Book the florist,medium,
        save-the-dates,9 months,Send the save-the-dates,high,
        website,9 months,Set up the wedding website,low,"Date, venue, travel and hotels"
        hotel-block,9 months,Reserve a block of hotel rooms for guests,medium,
        invitations,6 months,Order the invitations,high,
        attire,6 months,Choose the wedding attire,high,"Dress, suit and accessories"
        wedding-party-attire,6 months,Choose the wedding party's outfits,medium,
        cake,6 months,Book the baker,medium,
        rentals,6 months,"Reserve rentals: tables, chairs and linens",medium,
        transport,6 months,Book transport for the day,medium,
        hair-makeup,6 months,Book hair and makeup,medium,
        registry,6 months,Start the gift registry,low,
        honeymoon,6 months,Plan the honeymoon,medium,Check that passports are valid
        tasting,3 months,Go to the menu tasting,high,Choose the menu with the caterer
        rings,3 months,Buy the wedding rings,high,Allow time for sizing and engraving
        ceremony-plan,3 months,Plan the ceremony with the officiant,medium,
        marriage-license-rules,3 months,Check what the marriage license needs,urgent,"Documents, fees and how long it is valid"
        first-fitting,3 months,Have the first attire fitting,medium,
        ceremony-music,3 months,Choose the music for the ceremony and the first dance,medium,
        favors,3 months,Order favors and gifts for the wedding party,low,
        vows,3 months,Write the vows,medium,
        send-invitations,2 months,Send the invitations,high,Give an RSVP date about a month before the wedding
        chase-rsvps,6 weeks,Chase missing RSVPs,high,
        final-headcount,1 month,Give the caterer the final headcount,urgent,
        seating,1 month,Make the seating plan,high,
        payments-due,1 month,Pay the balances due to vendors,urgent,Check each contract for its final payment date
        marriage-license,1 month,Get the marriage license,urgent,
        final-fitting,1 month,Have the final fitting,high,
        shot-list,1 month,Give the photographer the shot list,medium,
        place-cards,1 month,Print the place cards and menus,medium,
        speeches,1 month,Confirm who gives speeches,low,
        confirm-vendors,1 week,Confirm arrival times with every vendor,urgent,
        run-sheet,1 week,Send the run sheet to the wedding party and vendors,high,"Who is where, when, and whom to call"
        final-payments,1 week,Prepare tips and final payments in envelopes,medium,
        emergency-kit,3 days,Pack an emergency kit,low,"Sewing kit, bandages, painkillers, phone charger"
        pack-honeymoon,3 days,Pack for the honeymoon,medium,
        rehearsal,1 day,Hold the rehearsal,high,
        day-of-contacts,0 days,Hand the day-of contact list to the coordinator,high,Then enjoy the day

        """#
}
