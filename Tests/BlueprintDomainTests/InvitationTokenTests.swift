import BlueprintDomain
import Foundation
import Testing

/// The households' link tokens: derived from the wedding's secret, so listed again they are the
/// same; a new generation or another household, wedding or secret gives another.
@Suite("Invitation tokens")
struct InvitationTokenTests {
    let secret = InvitationSecret(bytes: Data((0..<32).map { UInt8($0) }))!
    let wedding = WeddingID(UUID(uuidString: "6F1C1B7E-6A43-4C55-9C4B-2D7E1B1A0C11")!)

    @Test("the same secret, wedding, household and generation give the same token, of 43 base64url characters")
    func stable() {
        let first = InvitationToken(secret: secret, wedding: wedding, household: "the okafors", generation: 1)
        let again = InvitationToken(secret: secret, wedding: wedding, household: "the okafors", generation: 1)
        #expect(first == again)
        #expect(first.text.count == 43, "256 bits of HMAC, well over 128")
        #expect(first.text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(first.hash == InvitationToken.hash(of: first.text))
        #expect(first.hash.count == 64 && first.hash.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    @Test("another household, generation, wedding or secret gives another token")
    func differs() {
        let base = InvitationToken(secret: secret, wedding: wedding, household: "the okafors", generation: 1)
        let others = [
            InvitationToken(secret: secret, wedding: wedding, household: "the okafor", generation: 1),
            InvitationToken(secret: secret, wedding: wedding, household: "the okafors", generation: 2),
            InvitationToken(secret: secret, wedding: WeddingID(), household: "the okafors", generation: 1),
            InvitationToken(secret: .random(), wedding: wedding, household: "the okafors", generation: 1),
            // The parts are separated: "a" + "b1" is not "ab" + "1".
            InvitationToken(secret: secret, wedding: wedding, household: "the okafors1", generation: 1),
        ]
        for other in others { #expect(other != base) }
        #expect(InvitationToken(secret: secret, wedding: wedding, household: "a", generation: 11)
                != InvitationToken(secret: secret, wedding: wedding, household: "a1", generation: 1))
    }

    @Test("a secret is exactly 32 bytes, and random ones differ")
    func secrets() {
        #expect(InvitationSecret(bytes: Data(count: 31)) == nil)
        #expect(InvitationSecret(bytes: Data(count: 33)) == nil)
        #expect(InvitationSecret.random().bytes.count == 32)
        #expect(InvitationSecret.random() != InvitationSecret.random())
    }

    @Test("an invitation matches its token's hash only, a near miss (one character changed) included")
    func matching() {
        let token = InvitationToken(secret: secret, wedding: wedding, household: "the okafors", generation: 1)
        let invitation = Invitation(household: "the okafors", tokenHash: token.hash)
        #expect(invitation.matches(tokenHash: InvitationToken.hash(of: token.text)))
        var nearMiss = Array(token.text)
        nearMiss[42] = nearMiss[42] == "A" ? "B" : "A"
        #expect(!invitation.matches(tokenHash: InvitationToken.hash(of: String(nearMiss))))
        #expect(!invitation.matches(tokenHash: String(token.hash.dropLast()) + (token.hash.last == "0" ? "1" : "0")))
        #expect(!invitation.matches(tokenHash: ""))
    }

    @Test("a guest without a household is a household of one, keyed by id; households ignore case and spaces")
    func households() {
        let alone = Guest(firstName: "Ana", lastName: "Ruiz")
        #expect(alone.invitationHousehold == "guest:" + alone.id.uuidString.lowercased())
        let okafor = Guest(firstName: "Ngozi", lastName: "Okafor", household: "  The Okafors ")
        #expect(okafor.invitationHousehold == "the okafors")
    }

    @Test("an invitation needs a household, a hash of 64 lower-case hex digits and a generation of 1 or more")
    func validation() {
        let dataset = WeddingDataset(wedding: Wedding(name: "W"))
        let valid = Invitation(household: "x", tokenHash: String(repeating: "a", count: 64))
        #expect(valid.validationIssues(in: dataset).isEmpty)
        var invalid = valid
        invalid.household = " "
        invalid.tokenHash = String(repeating: "A", count: 64)
        invalid.generation = 0
        #expect(Set(invalid.validationIssues(in: dataset).map(\.field)) == ["household", "tokenHash", "generation"])
    }
}

/// A household's page finds its members with `isInHousehold(withKey:)`, which must agree with
/// comparing `householdKey`s, however the households are written.
@Suite("Household membership without spelling keys")
struct HouseholdMembershipTests {
    static let households = ["The Okafors", "  the okafors ", "\tTHE OKAFORS", "the okafor", "the okafors family", "", "   ",
                             "Zoë's", "zoë's", "ZOË'S", "\u{00A0}Lin", "lin", "Lin\u{2003}", "İstanbul", "i̇stanbul", "陈家", " 陈家 "]

    @Test("a household's key is the household trimmed of spaces and tabs as Foundation trims, in lower case")
    func keysAsFoundationMakesThem() {
        for written in Self.households {
            let foundation = written.trimmingCharacters(in: .whitespaces).lowercased()
            #expect(Guest(firstName: "Ana", lastName: "Ruiz", household: written).householdKey == (foundation.isEmpty ? nil : foundation),
                    "\"\(written)\"")
        }
    }

    @Test("every guest's household against every household's key: the same answer as comparing keys")
    func agreesWithKeys() {
        for written in Self.households {
            let guest = Guest(firstName: "Ana", lastName: "Ruiz", household: written)
            for other in Self.households {
                guard let key = Guest(firstName: "Ben", lastName: "Okafor", household: other).householdKey else { continue }
                #expect(guest.isInHousehold(withKey: key) == (guest.householdKey == key), "\"\(written)\" in \"\(key)\"")
            }
        }
    }
}
