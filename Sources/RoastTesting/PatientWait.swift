/// Waits for something another task does, counting the waiter's own turns rather than wall time.
///
/// A test's wait that ends at a wall-clock deadline fails when the whole suite keeps both threads of
/// the cooperative pool busy for longer than the wait (CPU-bound suites run for minutes on this
/// 2-core machine): the task that would satisfy it never got a thread, yet the deadline passed. Here
/// `timeout` is spent in `step`-long sleeps, each counted only once the waiter runs again, so a
/// starved pool stretches the wait instead of failing it; on a quiet machine it lasts about
/// `timeout`, and it ends as soon as `condition` holds.
public enum PatientWait {
    /// Whether `condition` held within about `timeout` of this task's own running time.
    public static func until(
        timeout: Duration, step: Duration = .milliseconds(5), _ condition: () -> Bool
    ) async -> Bool {
        let turns = max(1, Int(timeout / step))
        for _ in 0..<turns {
            if condition() { return true }
            do { try await Task.sleep(for: step) } catch { return condition() }
        }
        return condition()
    }
}
