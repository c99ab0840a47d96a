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
                == .malformedJSON(reason: ".collections: expected a list, found a whole number"))
        var spice = CollectionFixtures.collection("office")
        var texts = spice["roasts"] as! [String: [[String: Any]]]
        texts["vi"]![0]["spice"] = "two"
        spice["roasts"] = texts
        #expect(
            error { try CollectionFixtures.catalog([spice]) }
                == .malformedJSON(reason: ".collections[0].roasts.vi[0].spice: expected a whole number, found text"))
        #expect(
            error { try CollectionCatalog(data: Data("{\"collections\": [\n  {\"id\": \"x\",, }\n]}".utf8)) }
                == .malformedJSON(reason: "not valid JSON at line 2, column 14 (invalid value)"))
    }

    /// Phases of a season: defined once, in the season's calendar, cited by roasts that exist, and
    /// each with a roast in every language that fits it.
    @Test func phasesAreValidatedOnLoad() throws {
        func tet(phases: [[String: Any]], tagging tags: [String: [String]]) -> [String: Any] {
            var kind = CollectionFixtures.lunarTet
            kind["phases"] = phases
            var entry = CollectionFixtures.collection("tet", kind: kind)
            var roasts = entry["roasts"] as! [String: [[String: Any]]]
            for language in ["vi", "en"] {
                for index in roasts[language]!.indices {
                    let number = index + 1
                    if let named = tags[String(number)] { roasts[language]![index]["phases"] = named }
                }
            }
            entry["roasts"] = roasts
            return entry
        }
        let first: [String: Any] = [
            "id": "first_days", "window": ["lunar": ["from": ["month": 1, "day": 1], "to": ["month": 1, "day": 3]]],
        ]
        let after: [String: Any] = ["id": "after", "window": ["lunar": ["from": ["month": 1, "day": 4], "to": ["month": 1, "day": 7]]]]
        func error(_ entry: [String: Any]) -> CollectionCatalogError? {
            do {
                _ = try CollectionFixtures.catalog([entry])
                return nil
            } catch {
                return error
            }
        }
        let parsed = try CollectionFixtures.catalog([
            tet(phases: [first, after], tagging: ["1": ["after"], "2": ["first_days", "after"]])
        ])
        let collection = try #require(parsed.collection(id: "tet"))
        let mung1 = LocalDate(year: 2026, month: 2, day: 17)
        let mung5 = LocalDate(year: 2026, month: 2, day: 21)
        let afterOnly = try #require(parsed.roast(id: "tet.en.001"))
        #expect(!collection.fits(afterOnly, on: mung1) && collection.fits(afterOnly, on: mung5))
        #expect(collection.fits(try #require(parsed.roast(id: "tet.en.003")), on: mung1))

        #expect(
            error(tet(phases: [first], tagging: ["1": ["after"]])) == .unknownPhase(collection: "tet", id: "tet.vi.001", phase: "after"))
        #expect(
            error(tet(phases: [first, first], tagging: [:]))
                == .invalidPhase(collection: "tet", phase: "first_days", reason: "is defined twice"))
        let gregorian: [String: Any] = ["id": "eve", "window": ["gregorian": ["from": "02-16", "to": "02-16"]]]
        #expect(
            error(tet(phases: [gregorian], tagging: [:]))
                == .invalidPhase(collection: "tet", phase: "eve", reason: "must use the same calendar as the season"))
        // Every roast tagged after: nothing left for the first days.
        let everyOne = Dictionary(uniqueKeysWithValues: (1...12).map { (String($0), ["after"]) })
        #expect(
            error(tet(phases: [first, after], tagging: everyOne))
                == .invalidPhase(collection: "tet", phase: "first_days", reason: "has no roast in vi that fits it"))
        var permanent = CollectionFixtures.collection("office")
        permanent["phases"] = [first]
        #expect(
            error(permanent)
                == .invalidPhase(collection: "office", phase: "first_days", reason: "belongs to a collection that is not seasonal"))
    }

    /// A phase's own banner is the season's banner on the phase's days; it needs both languages.
    @Test func aPhasesBannerIsTheBannerOnItsDays() throws {
        var kind = CollectionFixtures.lunarTet
        let before: [String: Any] = [
            "id": "before", "banner": ["vi": "Tết sắp đến!", "en": "Tết is coming!"],
            "window": ["lunar": ["from": ["month": 1, "day": 1, "offset_days": -10], "to": ["month": 1, "day": 1, "offset_days": -1]]],
        ]
        kind["phases"] = [before]
        let collection = try #require(
            try CollectionFixtures.catalog([CollectionFixtures.collection("tet", kind: kind)]).collection(id: "tet"))
        // Tết 2026 is 2026-02-17: the season opens on 02-07.
        #expect(collection.banner(in: .vi, on: LocalDate(year: 2026, month: 2, day: 7)) == "Tết sắp đến!")
        #expect(collection.banner(in: .en, on: LocalDate(year: 2026, month: 2, day: 16)) == "Tết is coming!")
        #expect(collection.banner(in: .en, on: LocalDate(year: 2026, month: 2, day: 17)) == "Tết!")

        var oneLanguage = before
        oneLanguage["banner"] = ["vi": "Tết sắp đến!"]
        kind["phases"] = [oneLanguage]
        #expect(throws: CollectionCatalogError.missingText(collection: "tet", field: "phases.before.banner", language: .en)) {
            try CollectionFixtures.catalog([CollectionFixtures.collection("tet", kind: kind)])
        }
    }

    @Test func errorDescriptionsNameTheEntry() {
        let description = CollectionCatalogError.tooFewRoasts(collection: "tet", language: .vi, count: 3).description
        #expect(description.contains("tet") && description.contains("vi") && description.contains("12"))
    }
}
