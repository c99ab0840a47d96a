/// The words the parser knows, English and Vietnamese apart: a name inside a sentence may read as an
/// English keyword, never as a Vietnamese word. Vietnamese is written with its diacritics; typed
/// without any, a message matches them all the same.
extension RoastRequestParser {
    typealias Words = (en: [String], vi: [String])

    static let categoryWords: [RoastCategory: Words] = [
        .deadlines: (["deadline", "deadlines", "due date", "hard deadline", "dl"], ["hạn", "hạn chót", "trễ hạn", "chạy deadline"]),
        .meetings: (["meeting", "meetings", "standup", "stand-up", "sync", "call", "zoom"], ["họp", "họp hành", "cuộc họp"]),
        .kpis: (["kpi", "kpis", "okr", "okrs", "target", "targets", "metrics"], ["chỉ tiêu", "mục tiêu", "doanh số"]),
        .codeReviews: (
            [
                "code review", "code reviews", "review code", "review", "reviews", "pr", "prs", "pull request", "code",
                "merge request", "cr",
            ], []
        ),
        .workload: (
            ["workload", "ot", "overtime", "task", "tasks", "backlog"],
            ["việc", "công việc", "khối lượng", "khối lượng công việc", "tăng ca", "quá tải", "ngập việc"]
        ),
        .colleagues: (
            ["colleague", "colleagues", "coworker", "coworkers", "co-worker", "teammate", "teammates", "team"],
            ["đồng nghiệp", "đồng đội"]
        ),
        .management: (
            ["management", "manager", "managers", "boss", "bosses", "leader", "leadership"], ["sếp", "quản lý", "lãnh đạo", "cấp trên"]
        ),
        .general: (["general", "random", "anything"], ["chung", "linh tinh", "gì cũng được", "bất kỳ"]),
    ]

    static let moodWords: [Mood: Words] = [
        .stressed: (["stressed", "stress", "stressful", "stressed out"], ["căng thẳng", "áp lực", "lo lắng"]),
        .frustrated: (["frustrated", "frustrating"], ["bực", "bực bội", "ức chế", "cáu", "tức"]),
        .bored: (["bored", "boring"], ["chán", "buồn chán", "nhàm chán", "chán quá"]),
        .tired: (["tired", "exhausted", "sleepy"], ["mệt", "mệt mỏi", "kiệt sức", "buồn ngủ", "đuối"]),
        .annoyed: (["annoyed", "annoying", "irritated"], ["khó chịu", "phiền", "bực mình", "ngứa mắt"]),
    ]

    /// Spice words, softeners ("keep it light", "nhẹ thôi") among the gentle ones.
    static let spiceWords: [Int: Words] = [
        1: (
            ["mild", "gentle", "soft", "cute", "light", "easy", "kind", "nice", "go easy"],
            ["nhẹ", "nhẹ nhàng", "nhẹ thôi", "nhẹ tay", "dễ thương", "hiền", "dịu", "dịu dàng"]
        ),
        2: (
            [
                "a bit spicy", "slightly spicy", "a little spicy", "witty", "milder", "lighter", "softer", "gentler", "tone down",
                "tone it down",
            ],
            [
                "hơi cay", "cay nhẹ", "bớt cay", "bớt gắt", "giảm cay", "nhẹ hơn", "ít cay", "cay ít", "cay chút", "cay một chút",
                "cay chút xíu",
            ]
        ),
        3: (["medium", "sarcastic", "medium spicy"], ["cay vừa", "vừa", "vừa phải"]),
        4: (["spicy", "hot", "sharp", "harsh", "mean", "hard"], ["cay", "khá cay", "cay cay", "gắt", "nặng"]),
        5: (
            ["extra hot", "extra spicy", "very spicy", "savage", "max", "brutal"],
            ["rất cay", "cay xé", "siêu cay", "cay nhất", "cháy"]
        ),
    ]

    /// Words that change the spice word after them, and "regular roasts".
    static let modifierWords: [Meaning: Words] = [
        .negation: (
            ["not", "no", "don't", "dont", "do not", "never", "nothing", "without", "isn't"],
            ["đừng", "không", "chẳng", "chả", "ko", "k", "hông", "khỏi", "đừng có", "không cần", "chẳng cần", "không muốn"]
        ),
        .lessening: (["less", "a bit less", "a little less", "lower"], ["bớt", "giảm", "bớt bớt", "ít"]),
        .degree: (["too", "so", "that", "very", "overly", "really", "super", "that much"], ["quá", "lắm", "quá mức", "nhiều", "thế"]),
        .regular: (["regular", "normal", "off", "no collection"], ["thường", "bình thường"]),
    ]

    static let fillers: Words = (
        [
            "roast", "roasts", "me", "my", "us", "about", "on", "of", "the", "a", "some", "please", "pls", "with", "and", "for",
            "give", "another", "one", "more", "bot", "it", "make", "keep", "be", "just", "stuff", "something", "go", "at all", "i",
            "i'm", "im", "am", "want", "need", "to",
        ],
        [
            "tui", "tôi", "mình", "tao", "em", "anh", "chị", "về", "vụ", "chuyện", "cho", "đi", "nhé", "nha", "thôi", "với",
            "một", "câu", "cái", "hộ", "giùm", "giúp", "ơi", "nào", "hãy", "lại", "nữa", "cả", "và", "là", "đang", "bị", "kiểu",
            "dùm", "coi", "xem", "tí nào", "chút", "nhưng", "muốn", "cần",
        ]
    )

    static let spicePrefixes: Words = (["spice", "spicy level", "level"], ["độ cay", "mức", "mức độ", "cấp", "cấp độ", "độ"])
}
