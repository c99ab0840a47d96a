import RoastCore

/// Writes one roast for a prompt, or fails; callers fall back to the library on any failure, so a
/// roast request is always answered.
public protocol AIRoastSource: Sendable {
    func roast(_ prompt: RoastPrompt) async throws(AIRoastError) -> String
}
