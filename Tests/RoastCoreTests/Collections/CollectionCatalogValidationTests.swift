import Foundation
import RoastCore
import Testing

/// A minimal valid file, as a JSON object the tests mutate.
private func collection(_ id: String, kind: [String: Any] = ["kind": "permanent"], roasts: Int = 12) -> [String: Any] {
    var entry: [String: Any] = [
        "id": id, "name": ["vi": "Tên \(id)", "en": "Name \(id)"], "description": ["vi": "Mô tả", "en": "About"],
        "icon": "🎁", "theme": "#123456", "prompt_modifier": "Theme: \(id)",
        "roasts": [
            "vi": (1...roasts).map { ["id": String(format: "\(id).vi.%03d", $0), "spice": 1 + $0 % 3, "text": "Câu số \($0) của \(id)"] },
            "en": (1...roasts).map { ["id": String(format: "\(id).en.%03d", $0), "spice": 1 + $0 % 3, "text": "Line \($0) of \(id)"] },
        ],
    ]
    entry.merge(kind) { $1 }
    return entry
}

private func catalog(_ collections: [[String: Any]]) throws(CollectionCatalogError) -> CollectionCatalog {
    let data = try! JSONSerialization.data(withJSONObject: ["collections": collections])
    return try CollectionCatalog(data: data)
}

private var lunarTet: [String: Any] {
    [
        "kind": "seasonal", "banner": ["vi": "Tết!", "en": "Tết!"],
        "window": ["lunar": ["from": ["month": 1, "day": 1, "offset_days": -10], "to": ["month": 1, "day": 7]]],
    ]
}

@Suite struct CollectionCatalogValidationTests {
    @Test func aMinimalFileIsAccepted() throws {
        let parsed = try catalog([collection("office"), collection("tet", kind: lunarTet)])
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
        #expect(error { try catalog([collection("office", roasts: 11)]) } == .tooFewRoasts(collection: "office", language: .vi, count: 11))
        #expect(error { try catalog([collection("Office")]) } == .invalidID(id: "Office"))
        #expect(error { try catalog([collection("office"), collection("office")]) } == .duplicateCollection(id: "office"))
        #expect(
            error { try catalog([collection("tet", kind: ["kind": "seasonal", "banner": ["vi": "a", "en": "b"]])]) }
                == .invalidWindow(collection: "tet", reason: "needs exactly one of \"lunar\" or \"gregorian\""))
        var noBanner = lunarTet
        noBanner["banner"] = ["vi": "Tết!"]
        #expect(
            error { try catalog([collection("tet", kind: noBanner)]) } == .missingText(collection: "tet", field: "banner", language: .en))
        #expect(error { try catalog([collection("x", kind: ["kind": "weekly"])]) } == .invalidKind(collection: "x", kind: "weekly"))
        #expect(
            error {
                try catalog([
                    collection("a", kind: ["kind": "monthly", "months": [1, 2]]),
                    collection("b", kind: ["kind": "monthly", "months": [2]]),
                ])
            }
                == .monthlyCoverage(reason: "month 2 is claimed by both a and b"))
        #expect(
            error { try catalog([collection("a", kind: ["kind": "monthly", "months": Array(1...11)])]) }
                == .monthlyCoverage(reason: "no collection for month(s) 12"))
        #expect(
            error { try catalog([collection("a", kind: ["kind": "monthly", "months": [13]])]) }
                == .invalidMonths(collection: "a", reason: "must be distinct numbers 1–12"))
        #expect(
            error {
                try catalog([
                    collection(
                        "x",
                        kind: [
                            "kind": "seasonal", "banner": ["vi": "a", "en": "b"],
                            "window": ["gregorian": ["from": "02-29", "to": "03-01"]],
                        ])
                ])
            }
                == .invalidWindow(collection: "x", reason: "gregorian from/to must be MM-DD (02-29 not allowed)"))

        var badRoast = collection("office")
        var roasts = badRoast["roasts"] as! [String: [[String: Any]]]
        roasts["en"]![4]["spice"] = 9
        badRoast["roasts"] = roasts
        #expect(error { try catalog([badRoast]) } == .spiceOutOfRange(collection: "office", id: "office.en.005", spice: 9))
        roasts["en"]![4]["spice"] = 2
        roasts["en"]![4]["id"] = "other.en.005"
        badRoast["roasts"] = roasts
        #expect(
            error { try catalog([badRoast]) } == .malformedRoastID(collection: "office", id: "other.en.005", expectedPrefix: "office.en."))
        roasts["en"]![4]["id"] = "office.en.001"
        badRoast["roasts"] = roasts
        #expect(error { try catalog([badRoast]) } == .duplicateRoastID(collection: "office", id: "office.en.001"))
        roasts["en"]![4]["id"] = "office.en.005"
        roasts["en"]![4]["text"] = String(repeating: "a", count: 281)
        badRoast["roasts"] = roasts
        #expect(error { try catalog([badRoast]) } == .roastTooLong(collection: "office", id: "office.en.005", length: 281))
        #expect(
            error { try CollectionCatalog(data: Data("{\"collections\": 3}".utf8)) }
                == .malformedJSON(reason: "expected Array<Any> at .collections"))
    }

    @Test func errorDescriptionsNameTheEntry() {
        let description = CollectionCatalogError.tooFewRoasts(collection: "tet", language: .vi, count: 3).description
        #expect(description.contains("tet") && description.contains("vi") && description.contains("12"))
    }
}

@Suite struct CollectionPickerTests {
    @Test func aUserGetsEveryRoastOnceBeforeAnyRepeats() throws {
        let parsed = try catalog([collection("office")])
        let office = try #require(parsed.collection(id: "office"))
        var random = SystemRandomNumberGenerator()
        var served: Set<String> = []
        for _ in 0..<12 {
            let choice = try #require(
                CollectionPicker().pick(
                    from: office, language: .en, spice: nil, maxSpice: SpiceLevel(clamping: 5), served: served, using: &random))
            #expect(!choice.exhausted)
            #expect(served.insert(choice.roast.id).inserted)
        }
        #expect(CollectionProgress(office, language: .en, served: served).isComplete)
        let again = try #require(
            CollectionPicker().pick(
                from: office, language: .en, spice: nil, maxSpice: SpiceLevel(clamping: 5), served: served, using: &random))
        #expect(again.exhausted)
    }

    @Test func theChatsSpiceCapIsRespected() throws {
        let office = try #require(try catalog([collection("office")]).collection(id: "office"))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<30 {
            let choice = CollectionPicker().pick(
                from: office, language: .vi, spice: SpiceLevel(clamping: 3), maxSpice: SpiceLevel(clamping: 1), served: [], using: &random)
            #expect(choice?.roast.spice == SpiceLevel(clamping: 1))
            #expect(choice?.roast.language == .vi)
        }
    }

    @Test func progressCountsOnlyThisCollectionsRoastsAndCompletionUnlocksItsBadge() throws {
        let parsed = try catalog([collection("office"), collection("tet", kind: lunarTet)])
        let tet = try #require(parsed.collection(id: "tet"))
        let some: Set<String> = ["tet.vi.001", "tet.vi.002", "office.vi.001", "vi.meetings.001"]
        let progress = CollectionProgress(tet, language: .vi, served: some)
        #expect(progress.served == 2 && progress.total == 12 && progress.percent == 16 && !progress.isComplete)
        #expect(parsed.completedCollections(served: some).isEmpty)
        let all = Set(tet.roasts(in: .en).map(\.id))
        #expect(parsed.completedCollections(served: all).map(\.badge.id) == ["collection.tet"])
    }
}
