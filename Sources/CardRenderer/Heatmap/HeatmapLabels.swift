import RoastCore

/// The heatmap's words, in its language.
struct HeatmapLabels: Sendable, Hashable {
    let language: Language

    var title: String {
        switch language {
        case .vi: "Chuỗi ngày roast"
        case .en: "Roast streak"
        }
    }

    func subtitle(weeks: Int, activeDays: Int) -> String {
        switch language {
        case .vi: "\(weeks) tuần qua · \(activeDays) ngày hoạt động"
        case .en: "Last \(weeks) weeks · \(activeDays) active \(activeDays == 1 ? "day" : "days")"
        }
    }

    var current: String {
        switch language {
        case .vi: "Hiện tại"
        case .en: "Current"
        }
    }

    var longest: String {
        switch language {
        case .vi: "Dài nhất"
        case .en: "Longest"
        }
    }

    var nextMilestone: String {
        switch language {
        case .vi: "Mốc tiếp theo"
        case .en: "Next milestone"
        }
    }

    func days(_ count: Int) -> String {
        switch language {
        case .vi: "\(count) ngày"
        case .en: "\(count) \(count == 1 ? "day" : "days")"
        }
    }

    func toGo(_ count: Int) -> String {
        switch language {
        case .vi: "còn \(count)"
        case .en: "\(count) to go"
        }
    }

    var allMilestonesReached: String {
        switch language {
        case .vi: "Đã đạt hết 🏆"
        case .en: "All reached 🏆"
        }
    }

    /// Labels for rows 0, 2 and 4 (Monday, Wednesday, Friday); the others stay unlabelled, as on
    /// most calendar heatmaps.
    func weekday(row: Int) -> String? {
        switch (row, language) {
        case (0, .vi): "T2"
        case (2, .vi): "T4"
        case (4, .vi): "T6"
        case (0, .en): "Mon"
        case (2, .en): "Wed"
        case (4, .en): "Fri"
        default: nil
        }
    }

    func month(_ month: Int) -> String {
        switch language {
        case .vi: "Th\(month)"
        case .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(month - 1) % 12]
        }
    }

    var legendActive: String {
        switch language {
        case .vi: "Có hoạt động"
        case .en: "Active"
        }
    }

    var legendFrozen: String {
        switch language {
        case .vi: "Đóng băng"
        case .en: "Frozen"
        }
    }

    var legendStreak: String {
        switch language {
        case .vi: "Chuỗi hiện tại"
        case .en: "Current streak"
        }
    }
}
