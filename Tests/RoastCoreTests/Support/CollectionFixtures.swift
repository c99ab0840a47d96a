import Foundation
import RoastCore

/// Collections-file entries for validation and picker tests.
enum CollectionFixtures {
    static func collection(_ id: String, kind: [String: Any] = ["kind": "permanent"], roasts: Int = 12) -> [String: Any] {
        var entry: [String: Any] = [
            "id": id, "name": ["vi": "Tên \(id)", "en": "Name \(id)"], "description": ["vi": "Mô tả", "en": "About"],
            "icon": "🎁", "theme": "#123456", "prompt_modifier": "Theme: \(id)",
            "roasts": [
                "vi": (1...roasts).map {
                    ["id": String(format: "\(id).vi.%03d", $0), "spice": 1 + $0 % 3, "text": "Câu số \($0) của \(id)"]
                },
                "en": (1...roasts).map { ["id": String(format: "\(id).en.%03d", $0), "spice": 1 + $0 % 3, "text": "Line \($0) of \(id)"] },
            ],
        ]
        entry.merge(kind) { $1 }
        return entry
    }

    static func catalog(_ collections: [[String: Any]]) throws(CollectionCatalogError) -> CollectionCatalog {
        let data = try! JSONSerialization.data(withJSONObject: ["collections": collections])
        return try CollectionCatalog(data: data)
    }

    static var lunarTet: [String: Any] {
        [
            "kind": "seasonal", "banner": ["vi": "Tết!", "en": "Tết!"],
            "window": ["lunar": ["from": ["month": 1, "day": 1, "offset_days": -10], "to": ["month": 1, "day": 7]]],
        ]
    }
}
