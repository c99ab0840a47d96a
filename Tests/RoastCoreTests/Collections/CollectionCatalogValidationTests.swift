import Foundation
import RoastCore
import Testing

/// A minimal valid file, as a JSON object the tests mutate.
@Suite struct CollectionCatalogValidationTests {
    @Test func aMinimalFileIsAccepted() throws {
        let parsed = try CollectionFixtures.catalog([
            CollectionFixtures.collection("office"), CollectionFixtures.collection("tet", kind: CollectionFixtures.lunarTet),
        ])
        #expect(parsed.collections.map(\.id) == ["office", "tet"])
        #expect(parsed.roast(id: "tet.en.003")?.text == "Line 3 of tet")
        #expect(parsed.collectionID(ofRoast: "tet.en.003") == "tet")
    }

    @Test func errorsNameTheCollectionAndTheProblem() {
        func error(_ body: () throws -> CollectionCatalog) -> CollectionCatalogError? {
            do {
                _ = try body()
                return nil
            } catch {
                return error as? CollectionCatalogError
            }
        }
        #expect(
            error { try CollectionFixtures.catalog([CollectionFixtures.collection("office", roasts: 11)]) }
                == .tooFewRoasts(collection: "office", language: .vi, count: 11))
        #expect(error { try CollectionFixtures.catalog([CollectionFixtures.collection("Office")]) } == .invalidID(id: "Office"))
        #expect(
            error { try CollectionFixtures.catalog([CollectionFixtures.collection("office"), CollectionFixtures.collection("office")]) }
                == .duplicateCollection(id: "office"))
        #expect(
            error {
                try CollectionFixtures.catalog([
                    CollectionFixtures.collection("tet", kind: ["kind": "seasonal", "banner": ["vi": "a", "en": "b"]])
                ])
            }
                == .invalidWindow(collection: "tet", reason: "needs exactly one of \"lunar\" or \"gregorian\""))
        var noBanner = CollectionFixtures.lunarTet
        noBanner["banner"] = ["vi": "Tết!"]
        #expect(
            error { try CollectionFixtures.catalog([CollectionFixtures.collection("tet", kind: noBanner)]) }
                == .missingText(collection: "tet", field: "banner", language: .en))
        #expect(
            error { try CollectionFixtures.catalog([CollectionFixtures.collection("x", kind: ["kind": "weekly"])]) }
                == .invalidKind(collection: "x", kind: "weekly"))
        #expect(
            error {
                try CollectionFixtures.catalog([
                    CollectionFixtures.collection("a", kind: ["kind": "monthly", "months": [1, 2]]),
                    CollectionFixtures.collection("b", kind: ["kind": "monthly", "months": [2]]),
                ])
            }
                == .monthlyCoverage(reason: "month 2 is claimed by both a and b"))
        #expect(
            error {
                try CollectionFixtures.catalog([CollectionFixtures.collection("a", kind: ["kind": "monthly", "months": Array(1...11)])])
            }
                == .monthlyCoverage(reason: "no collection for month(s) 12"))
        #expect(
            error { try CollectionFixtures.catalog([CollectionFixtures.collection("a", kind: ["kind": "monthly", "months": [13]])]) }
                == .invalidMonths(collection: "a", reason: "must be distinct numbers 1–12"))
        #expect(
            error {
                try CollectionFixtures.catalog([
                    CollectionFixtures.collection(
                        "x",
                        kind: [
                            "kind": "seasonal", "banner": ["vi": "a", "en": "b"],
                            "window": ["gregorian": ["from": "02-29", "to": "03-01"]],
                        ])
                ])
            }
                == .invalidWindow(collection: "x", reason: "gregorian from/to must be MM-DD (02-29 not allowed)"))

        var badRoast = CollectionFixtures.collection("office")
        var roasts = badRoast["roasts"] as! [String: [[String: Any]]]
        roasts["en"]![4]["spice"] = 9
        badRoast["roasts"] = roasts
        #expect(
            error { try CollectionFixtures.catalog([badRoast]) } == .spiceOutOfRange(collection: "office", id: "office.en.005", spice: 9))
        roasts["en"]![4]["spice"] = 2
        roasts["en"]![4]["id"] = "other.en.005"
        badRoast["roasts"] = roasts
        #expect(
            error { try CollectionFixtures.catalog([badRoast]) }
                == .malformedRoastID(collection: "office", id: "other.en.005", expectedPrefix: "office.en."))
        roasts["en"]![4]["id"] = "office.en.001"
        badRoast["roasts"] = roasts
        #expect(error { try CollectionFixtures.catalog([badRoast]) } == .duplicateRoastID(collection: "office", id: "office.en.001"))
        roasts["en"]![4]["id"] = "office.en.005"
        roasts["en"]![4]["text"] = String(repeating: "a", count: 281)
        badRoast["roasts"] = roasts
        #expect(
            error { try CollectionFixtures.catalog([badRoast]) } == .roastTooLong(collection: "office", id: "office.en.005", length: 281))
        #expect(
            error { try CollectionCatalog(data: Data("{\"collections\": 3}".utf8)) }
                == .malformedJSON(reason: "expected Array<Any> at .collections"))
    }

    @Test func errorDescriptionsNameTheEntry() {
        let description = CollectionCatalogError.tooFewRoasts(collection: "tet", language: .vi, count: 3).description
        #expect(description.contains("tet") && description.contains("vi") && description.contains("12"))
    }
}
