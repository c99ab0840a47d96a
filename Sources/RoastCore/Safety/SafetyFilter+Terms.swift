/// The built-in word lists. Terms use ``BlockedTerm`` syntax: `=` exact (diacritics count), `*` prefix.
///
/// Vietnamese words are marked exact where their unaccented spelling is an everyday word:
/// `lồn`/lon (can), `cặc`/các (the plural), `buồi`/buổi (session), `đéo`/đeo (to wear), `đụ`/du,
/// `đĩ`/đi (to go), `ngu`/ngủ (to sleep), `mọi`/mọi người (everyone), `mập`/map, `câm`/cam, `mù`/mu.
/// Everything else matches with or without diacritics.
extension SafetyFilter {
    static let builtIn: [(SafetyViolation, [String])] = [
        (.profanity, englishProfanity + vietnameseProfanity),
        (.slur, englishSlurs + vietnameseSlurs),
        (.protectedTrait(.gender), englishGender + vietnameseGender),
        (.protectedTrait(.age), englishAge + vietnameseAge),
        (.protectedTrait(.religion), englishReligion + vietnameseReligion),
        (.protectedTrait(.ethnicity), englishEthnicity + vietnameseEthnicity),
        (.protectedTrait(.region), englishRegion + vietnameseRegion),
        (.protectedTrait(.body), englishBody + vietnameseBody),
        (.protectedTrait(.disability), englishDisability + vietnameseDisability),
        (.protectedTrait(.sexuality), englishSexuality + vietnameseSexuality),
    ]

    /// Marks every term exact: Vietnamese trait words are matched with their diacritics, because their
    /// unaccented forms collide with everyday words (già/giá, bà/ba, nhà thờ/nhà thơ, mù/mu).
    private static func exact(_ terms: [String]) -> [String] { terms.map { "=" + $0 } }

    // MARK: Profanity

    static let englishProfanity = [
        "fuck*", "motherfuck*", "shit", "shits", "shitty", "shithead*", "bullshit", "cunt*", "bitch*", "asshole*",
        "arsehole*", "bastard*", "dickhead*", "dick", "dicks", "cock", "cocks", "pussy", "pussies", "whore*", "slut*",
        "wanker*", "twat*", "prick", "pricks", "jackass", "dumbass", "piss off", "pissed off", "son of a bitch", "stfu",
        "wtf", "porn*", "horny", "blowjob*", "handjob*", "boobs", "tits", "titties", "damn you", "go to hell",
        "screw you", "shut up",
    ]

    static let vietnameseProfanity = [
        "địt", "địt mẹ", "đụ má", "đụ mẹ", "=đụ", "=đéo", "đếch", "=lồn", "=cặc", "=buồi", "=đĩ", "=con đĩ",
        "=đĩ điếm", "=điếm", "=đm", "đmm", "dcm", "đcm", "vcl", "vkl", "vãi lồn", "vãi cả lồn", "clgt", "cmn",
        "vcc", "đù má", "đù mé", "đụ mé", "mẹ kiếp", "=bỏ mẹ", "=chó chết", "=đồ chó", "=thằng chó", "=con chó cái",
        "=óc chó", "=ngu", "đần độn", "=đần", "=óc lợn", "não tôm", "cút mẹ", "im mồm", "câm mồm", "=nứng",
        "=chịch", "xoạc",
    ]

    // MARK: Slurs

    static let englishSlurs = [
        "nigger*", "nigga*", "faggot*", "fag", "fags", "retard*", "tranny", "trannies", "spic", "spics", "chink*",
        "gook*", "kike*", "wetback*", "dyke*", "towelhead*", "raghead*", "sandnigger*", "coon", "coons", "beaner*",
        "cripple", "cripples", "spaz", "mongoloid*", "paki", "pakis", "jap", "japs", "redneck*", "white trash",
        "shemale*", "ladyboy*",
    ]

    static let vietnameseSlurs = [
        "=bê đê", "pê đê", "bede", "pede", "xăng pha nhớt", "ái nam ái nữ", "=bóng lộ", "=bóng kín", "=mọi rợ",
        "=đồ mọi", "=bọn mọi", "=thằng mọi", "=mọi đen", "=bắc kỳ", "=bắc kì", "=nam kỳ", "=nam kì", "parky",
        "=ba que", "=khựa", "tàu khựa", "=chệt", "nhà quê", "thiểu năng", "tật nguyền", "=thằng què", "=con què",
        "=thằng mù", "thằng điếc", "đồ tâm thần", "thằng tâm thần", "=mặt lồn",
    ]

    // MARK: Protected traits

    static let englishGender = [
        "woman", "women", "girl", "girls", "female", "females", "lady", "ladies", "feminine", "sexist*", "manly",
        "like a man", "like a girl", "as a man", "man up", "because you re a man", "because you re a guy",
        "you guys are all", "pregnant", "pregnancy", "maternity", "housewife*", "gender",
    ]

    static let vietnameseGender = exact([
        "phụ nữ", "đàn bà", "con gái", "đàn ông", "con trai", "gái già", "ế chồng", "ế vợ", "bà cô", "bầu bí",
        "mang bầu", "chửa", "giới tính", "nữ tính",
    ])

    static let englishAge = [
        "you re too old", "you re so old", "too old to", "you re old", "your age", "at your age", "old man", "old woman", "old lady",
        "elderly",
        "boomer", "boomers", "geezer*", "senile", "grandpa", "grandma", "granny", "zoomer*", "too young", "millennials",
    ]

    static let vietnameseAge = exact([
        "già khú", "ông già", "bà già", "già rồi", "già cả", "lão già", "già yếu", "già nua", "tuổi tác", "quá tuổi",
        "hết tuổi", "già đầu", "trẻ trâu", "ranh con",
    ])

    static let englishReligion = [
        "religion", "religions", "religious", "muslim*", "islam*", "christian*", "catholic*", "jew", "jews", "jewish",
        "hindu*", "buddhist*", "atheist*", "church", "mosque*", "synagogue*", "temple", "jesus", "allah", "prophet",
        "bible", "quran", "koran", "heathen*", "infidel*",
    ]

    static let vietnameseReligion = exact([
        "tôn giáo", "đạo hồi", "hồi giáo", "công giáo", "thiên chúa", "tin lành", "phật giáo", "đạo phật",
        "đạo chúa", "nhà thờ", "nhà chùa", "chùa", "cao đài", "hòa hảo", "hoà hảo", "ngoại đạo", "vô thần",
        "theo đạo",
    ])

    static let englishEthnicity = [
        "your race", "racial", "racist*", "ethnic*", "black people", "white people", "asian*", "african*",
        "hispanic*", "latino*", "latina*", "arab", "arabs", "indian", "indians", "mexican*", "immigrant*",
        "foreigner*", "skin color", "skin colour", "your accent",
    ]

    static let vietnameseEthnicity = exact([
        "dân tộc thiểu số", "người dân tộc", "sắc tộc", "chủng tộc", "màu da", "da đen", "da màu", "người tàu",
        "người hoa", "bọn tàu", "người kinh", "người thượng", "người nước ngoài", "tây ba lô", "giọng địa phương",
    ])

    static let englishRegion = [
        "hillbilly", "hillbillies", "country bumpkin*", "third world", "third-world", "where you re from",
        "your hometown", "small town people", "southerner*", "northerner*",
    ]

    static let vietnameseRegion = exact([
        "người miền", "dân miền", "người bắc", "dân bắc", "người nam", "dân nam", "dân tỉnh lẻ", "tỉnh lẻ",
        "dân quê", "dân thanh hóa", "dân thanh hoá", "người thanh hóa", "người thanh hoá", "dân nhập cư",
        "dân ngụ cư", "vùng miền", "quê mùa", "giọng bắc", "giọng nam", "giọng trung", "giọng nghệ",
    ])

    static let englishBody = [
        "fat", "fatty", "fatso", "obese", "chubby", "you re ugly", "ugly face", "skinny", "anorexic", "your weight",
        "your body", "your looks", "bald", "short people", "midget*", "dwarf*", "pimple*", "acne",
    ]

    static let vietnameseBody = exact([
        "béo ú", "béo phì", "béo như", "béo thế", "mập ú", "mập như", "mập thế", "lùn", "lùn tịt", "xấu xí", "xấu trai", "xấu gái",
        "mặt mụn",
        "hói", "hói đầu", "cân nặng", "đen nhẻm", "gầy nhom", "gầy như que", "ngoại hình", "nhan sắc", "vòng một",
        "vòng eo", "mặt như",
    ])

    static let englishDisability = [
        "disabled", "disability", "disabilities", "handicapped", "autistic", "autism", "wheelchair*", "blind man",
        "blind people", "deaf", "deaf and dumb", "crazy person", "psycho", "psychos", "schizo*", "bipolar",
        "mentally ill", "mental illness", "lunatic*", "cripple*", "special needs", "down syndrome", "adhd",
    ]

    static let vietnameseDisability = exact([
        "khuyết tật", "tàn tật", "tàn phế", "què", "mù", "mù lòa", "mù loà", "điếc", "câm", "câm điếc", "tự kỷ",
        "tự kỉ", "tâm thần", "bại não", "hội chứng down", "khiếm thị", "khiếm thính", "dị tật", "bệnh hoạn",
        "điên khùng", "khùng", "dở hơi",
    ])

    static let englishSexuality = [
        "gay", "gays", "lesbian*", "bisexual*", "homosexual*", "heterosexual*", "queer*", "transgender*",
        "trans", "lgbt*", "sexuality", "sexual orientation", "sexy", "sex", "sexual", "in bed",
    ]

    static let vietnameseSexuality = exact([
        "đồng tính", "chuyển giới", "song tính", "les", "gay lọ", "xu hướng tính dục", "tình dục", "lên giường",
    ])
}
