import Testing

@testable import TelegramAdapter

struct WebhookSecretTests {
    @Test func aRandomSecretIsLongAndUsesOnlyTelegramsAlphabet() {
        let secrets = (0..<50).map { _ in WebhookSecret.random().value }
        for secret in secrets {
            #expect(secret.count == 64)
            #expect(
                secret.unicodeScalars.allSatisfy {
                    $0.properties.isASCIIHexDigit || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || $0 == "_" || $0 == "-"
                })
        }
        #expect(Set(secrets).count == secrets.count, "every start gets a secret of its own")
    }

    @Test func onlyTheExactSecretMatches() {
        let secret = WebhookSecret("s3cret-Token_value")
        #expect(secret.matches("s3cret-Token_value"))
        #expect(!secret.matches(nil))
        #expect(!secret.matches(""))
        #expect(!secret.matches("s3cret-Token_valu"), "a prefix")
        #expect(!secret.matches("s3cret-Token_value!"), "longer")
        #expect(!secret.matches("s3cret-Token_valuf"), "the last character differs")
        #expect(!secret.matches("S3cret-Token_value"), "the first character differs")
        #expect(!secret.matches("s3cret-Token_value\u{0}"), "a trailing NUL")
    }

    @Test func itsDescriptionNeverShowsTheValue() {
        let secret = WebhookSecret.random()
        #expect(!"\(secret)".contains(secret.value))
        #expect(!String(reflecting: secret).contains(secret.value))
    }
}
