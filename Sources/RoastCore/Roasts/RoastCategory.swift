/// The app's eight roast categories.
public enum RoastCategory: String, Sendable, Hashable, Codable, CaseIterable {
    case deadlines
    case meetings
    case kpis
    case codeReviews = "code_reviews"
    case workload
    case colleagues
    case management
    case general

    /// The category's place in `allCases`, by a switch: tables indexed by it replace dictionary
    /// lookups in the picker and feedback, which run for every candidate roast.
    var position: Int {
        switch self {
        case .deadlines: 0
        case .meetings: 1
        case .kpis: 2
        case .codeReviews: 3
        case .workload: 4
        case .colleagues: 5
        case .management: 6
        case .general: 7
        }
    }

    public var emoji: String {
        switch self {
        case .deadlines: "⏰"
        case .meetings: "📅"
        case .kpis: "📈"
        case .codeReviews: "🧑‍💻"
        case .workload: "📚"
        case .colleagues: "👥"
        case .management: "👔"
        case .general: "💼"
        }
    }

    public func name(in language: Language) -> String {
        switch (self, language) {
        case (.deadlines, .en): "Deadlines"
        case (.deadlines, .vi): "Deadline"
        case (.meetings, .en): "Meetings"
        case (.meetings, .vi): "Họp hành"
        case (.kpis, .en): "KPIs"
        case (.kpis, .vi): "KPI"
        case (.codeReviews, .en): "Code reviews"
        case (.codeReviews, .vi): "Review code"
        case (.workload, .en): "Workload"
        case (.workload, .vi): "Khối lượng công việc"
        case (.colleagues, .en): "Colleagues"
        case (.colleagues, .vi): "Đồng nghiệp"
        case (.management, .en): "Management"
        case (.management, .vi): "Sếp và quản lý"
        case (.general, .en): "General"
        case (.general, .vi): "Chung chung"
        }
    }
}
