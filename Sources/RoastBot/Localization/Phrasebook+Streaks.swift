import ChatPlatform
import RoastCore

/// Sentences for streaks, badges, the leaderboard and reminders.
extension Phrasebook {
    private func say(_ vi: String, _ en: String) -> String { language == .vi ? vi : en }

    private func days(_ n: Int) -> String { say("\(n) ngày", n == 1 ? "1 day" : "\(n) days") }

    // MARK: Help

    public var helpFreezeRule: String {
        say(
            "🧊 Đóng băng chuỗi: đóng băng nối được đúng một ngày vắng. Chuỗi từ 7 ngày trở lên mà bạn lỡ một ngày, thì khi quay lại vào ngày kế tiếp, bạn được mời (một lần) bấm nút nối chuỗi — trong hôm đó hoặc ngày mai. Vắng từ hai ngày trở lên thì không nối được. Mỗi 30 ngày hoạt động (khi không giữ đóng băng nào) bạn nhận lại 1 đóng băng; giữ tối đa 1.",
            "🧊 Streak freeze: a freeze bridges exactly one missed day. If your streak of 7+ days broke because you missed a single day, coming back the next day offers you, once, a button to bridge it — good that day and the next. Two or more days away can't be bridged. Every 30 active days (while you hold none) earn a new freeze; you hold at most one."
        )
    }

    // MARK: /streak

    public func streakHeader(_ name: String) -> String { say("Chuỗi ngày của \(name)", "\(name)'s streak") }
    public func streakCurrent(_ n: Int) -> String { say("🔥 Hiện tại: \(days(n))", "🔥 Current: \(days(n))") }
    public func streakLongest(_ n: Int) -> String { say("🏔️ Dài nhất: \(days(n))", "🏔️ Longest: \(days(n))") }
    public func streakTotal(_ n: Int) -> String { say("📅 Tổng số ngày hoạt động: \(n)", "📅 Total active days: \(n)") }

    public func freezeHeld(_ count: Int) -> String {
        say("🧊 Đóng băng: đang giữ \(count)", "🧊 Freeze: \(count) held")
    }

    public func freezeRefillIn(_ daysLeft: Int) -> String {
        say(
            "🧊 Đóng băng: chưa có — nhận thêm sau \(days(daysLeft)) hoạt động",
            "🧊 Freeze: none — a new one after \(days(daysLeft)) of activity")
    }

    public func nextMilestone(_ milestone: Int, left: Int) -> String {
        say("🎯 Mốc tiếp theo: \(days(milestone)) (còn \(left))", "🎯 Next milestone: \(days(milestone)) (\(left) to go)")
    }

    public var allMilestonesReached: String { say("🎯 Đã qua mọi mốc — huyền thoại!", "🎯 Every milestone reached — legendary!") }

    public func hoursLeftToday(hours: Int, minutes: Int, counted: Bool) -> String {
        let left = say("\(hours) giờ \(minutes) phút", "\(hours)h \(minutes)m")
        return counted
            ? say("✅ Hôm nay đã được tính (còn \(left) đến nửa đêm)", "✅ Today is counted (\(left) until midnight)")
            : say("⏳ Còn \(left) hôm nay để giữ chuỗi", "⏳ \(left) left today to keep your streak")
    }

    public func reminderState(_ on: Bool) -> String {
        on
            ? say("🔔 Nhắc giữ chuỗi: bật (/remind off để tắt)", "🔔 Streak reminders: on (/remind off to stop)")
            : say("🔕 Nhắc giữ chuỗi: tắt (/remind on để bật)", "🔕 Streak reminders: off (/remind on to start)")
    }

    public func titleLine(_ title: StreakTitle) -> String { say("🏷️ Danh hiệu: ", "🏷️ Title: ") + titleName(title) }

    public func premiumState(_ unlocked: Bool, days: Int) -> String {
        unlocked
            ? say("💎 Kho roast Premium: đã mở khoá", "💎 Premium roasts: unlocked")
            : say("💎 Kho roast Premium: mở khoá khi đạt chuỗi \(self.days(days))", "💎 Premium roasts: unlocked by a \(days)-day streak")
    }

    /// Beside a Premium roast's category and spice in its header.
    public var premiumLabel: String { "💎 Premium" }

    public func titleName(_ title: StreakTitle) -> String {
        switch title {
        case .consistentRoaster: say("Cây Roast Chăm Chỉ", "Consistent Roaster")
        case .roastMaster: say("Bậc Thầy Roast", "Roast Master")
        }
    }

    // MARK: Announcements

    /// Followed by the person's mention.
    public var milestonePrefix: String { "🎉 " }
    public func milestoneReached(_ n: Int) -> String { say(" đạt chuỗi \(days(n)) liên tiếp!", " hit a \(n)-day streak!") }

    public func reward(_ reward: StreakReward) -> String {
        switch reward {
        case .title(let title): say("🏷️ Danh hiệu mới: ", "🏷️ New title: ") + titleName(title)
        case .premiumPool:
            say(
                "💎 Kho roast Premium đã mở khoá — từ giờ /roast có thêm những câu 💎, ở mọi độ cay!",
                "💎 Premium roasts unlocked — /roast now draws 💎 roasts too, at every spice level!")
        case .flame:
            say(
                "🔥 Ngọn lửa Bậc Thầy Roast giờ cháy cạnh tên bạn trong /streak và /top",
                "🔥 The Roast Master flame now burns beside your name in /streak and /top")
        }
    }

    /// Followed by the person's mention.
    public var badgePrefix: String { "🏅 " }
    public var badgeEarned: String { say(" nhận huy hiệu mới: ", " earned a new badge: ") }

    public var freezeRefilled: String {
        say("🧊 Bạn nhận thêm 1 đóng băng chuỗi (30 ngày hoạt động)!", "🧊 You earned a streak freeze (30 active days)!")
    }

    /// Offer text; the mention comes first.
    public func freezeOffer(brokenLength: Int) -> String {
        say(
            ", chuỗi \(days(brokenLength)) của bạn đứt vì vắng đúng một ngày hôm qua 😢 Dùng 🧊 đóng băng để nối qua ngày đó? Lời mời chỉ có một lần, dùng được hôm nay và ngày mai.",
            ", your \(brokenLength)-day streak broke because you missed yesterday 😢 Use your 🧊 freeze to bridge that day? This offer comes once and is good today and tomorrow."
        )
    }

    public var freezeButton: String { say("🧊 Khôi phục chuỗi", "🧊 Restore my streak") }

    /// Follows the mention.
    public func freezeUsed(restoredTo n: Int) -> String {
        say(" đã dùng 🧊 đóng băng: chuỗi trở lại \(days(n))!", " used a 🧊 freeze: the streak is back to \(days(n))!")
    }

    public var freezeOfferClosed: String {
        say("🧊 Lời mời khôi phục đã được dùng hoặc hết hạn.", "🧊 This restore offer was used or has expired.")
    }
    public var freezeNotYours: String { say("Nút này dành cho người khác 😉", "This button belongs to someone else 😉") }
    public var freezeNothingToRestore: String { say("Không còn chuỗi nào để khôi phục.", "There is no streak left to restore.") }
    public var freezeRestoredNotice: String { say("Đã khôi phục chuỗi 🧊", "Streak restored 🧊") }

    // MARK: /badges

    public func badgesHeader(_ name: String, earned: Int, total: Int) -> String {
        say("Huy hiệu của \(name) (\(earned)/\(total))", "\(name)'s badges (\(earned)/\(total))")
    }

    public var badgesEarnedTitle: String { say("Đã đạt", "Earned") }
    public var badgesLockedTitle: String { say("Chưa đạt", "Locked") }
    public var badgesNoneYet: String { say("Chưa có huy hiệu nào — gõ /roast để bắt đầu!", "No badges yet — type /roast to get going!") }

    public func earnedOn(_ date: LocalDate) -> String {
        say(date.day.zeroPadded(to: 2) + "/" + date.month.zeroPadded(to: 2) + "/" + date.year.zeroPadded(to: 4), date.iso)
    }

    /// What is still missing for a badge.
    public func remaining(_ criterion: BadgeCriterion, _ n: Int) -> String {
        switch criterion {
        case .streakDays: say("còn \(n) ngày chuỗi", "\(n) more streak \(n == 1 ? "day" : "days")")
        case .roasts: say("còn \(n) roast", "\(n) more \(n == 1 ? "roast" : "roasts")")
        case .categoriesTried: say("còn \(n) chủ đề", "\(n) more \(n == 1 ? "category" : "categories")")
        case .spiceLevelsTried: say("còn \(n) mức cay", "\(n) more spice \(n == 1 ? "level" : "levels")")
        case .favorites: say("còn \(n) ⭐", "\(n) more ⭐")
        case .shares: say("còn \(n) lượt chia sẻ", "\(n) more \(n == 1 ? "share" : "shares")")
        case .fireReceived: say("còn \(n) 🔥", "\(n) more 🔥")
        case .collectionRoasts: say("còn \(n) roast của bộ sưu tập", "\(n) more collection \(n == 1 ? "roast" : "roasts")")
        }
    }

    /// A badge that needs spice levels above the chat's cap: "needs spice 4 and 5, and the max spice here is 3".
    public func badgeBeyondCap(needs levels: [SpiceLevel], cap: SpiceLevel) -> String {
        let vi = levels.map(\.description).joined(separator: ", ").replacingLastSeparator(with: " và ")
        let en = levels.map(\.description).joined(separator: ", ").replacingLastSeparator(with: " and ")
        return say(
            "🔒 cần độ cay \(vi), mà độ cay tối đa ở đây là \(cap.rawValue) (/settings spice 5 để mở)",
            "🔒 needs spice \(en), and the max spice here is \(cap.rawValue) (/settings spice 5 opens it)")
    }

    // MARK: /top

    public func leaderboardTitle(_ metric: LeaderboardMetric) -> String {
        say("🏆 Bảng xếp hạng — ", "🏆 Leaderboard — ") + leaderboardTab(metric)
    }

    public func leaderboardTab(_ metric: LeaderboardMetric) -> String {
        switch metric {
        case .streak: say("Chuỗi ngày", "Streaks")
        case .roasts: say("Số roast", "Roasts")
        case .fire: say("🔥 nhận được", "🔥 received")
        }
    }

    public func leaderboardValue(_ metric: LeaderboardMetric, _ n: Int) -> String {
        switch metric {
        case .streak: days(n)
        case .roasts: say("\(n) roast", n == 1 ? "1 roast" : "\(n) roasts")
        case .fire: "\(n) 🔥"
        }
    }

    public var leaderboardEmpty: String {
        say("Bảng này còn trống — gõ /roast để mở hàng!", "Nobody here yet — type /roast to open the board!")
    }

    // MARK: /remind

    public var remindersTurnedOn: String {
        say(
            "🔔 Đã bật nhắc giữ chuỗi: khoảng 2 tiếng trước nửa đêm, nếu hôm đó bạn chưa ghé, mình sẽ gọi tên bạn.",
            "🔔 Streak reminders on: about two hours before midnight, if you haven't stopped by that day, I'll call your name.")
    }

    public var remindersTurnedOff: String { say("🔕 Đã tắt nhắc giữ chuỗi.", "🔕 Streak reminders off.") }

    /// After `/remind on` where the chat's reminders are switched off: nobody is reminded there until an admin turns them on.
    public var remindersOffInChat: String {
        say(
            "⚠️ Nhưng nhóm này đang tắt nhắc giữ chuỗi, nên chưa ai được nhắc — quản trị viên bật lại bằng /settings reminders on.",
            "⚠️ But this chat's streak reminders are off, so nobody is reminded here until an admin types /settings reminders on.")
    }

    public func remindUsage(currentlyOn: Bool) -> String {
        reminderState(currentlyOn) + "\n" + say("Cách dùng: /remind on hoặc /remind off", "Usage: /remind on or /remind off")
    }
}

extension String {
    /// `"1, 2, 3"` with its last `", "` replaced: `"1, 2 and 3"`.
    fileprivate func replacingLastSeparator(with word: String) -> String {
        guard let range = range(of: ", ", options: .backwards) else { return self }
        return replacingCharacters(in: range, with: word)
    }
}
