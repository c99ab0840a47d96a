// swift-tools-version: 6.2
import PackageDescription

/// Every target compiles in Swift 6 mode with complete concurrency checking; warnings are errors.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "roastbot",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "roastbot", targets: ["roastbot"]),
        // Draws share cards and streak pictures for roastbot, which starts it on first use (shipped beside it).
        .executable(name: "roastbot-render", targets: ["roastbot-render"]),
        // Benchmarks and the soak run (`make bench`, `make soak`); not part of the shipped bot.
        .executable(name: "roastbot-bench", targets: ["roastbot-bench"]),
        // Discord mode without a Discord account: the fake Discord and the real bot in a terminal (`make try-discord`);
        // not part of the shipped bot.
        .executable(name: "roastbot-try-discord", targets: ["roastbot-try-discord"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The fakes only (Bot API, Discord REST and gateway, AI provider: RoastTesting, for the tests and
        // roastbot-bench). Neither roastbot nor roastbot-render links it: the bot's own listeners are
        // HTTPServing (docs/performance.md, "Why a listener of our own").
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // Metrics: swift-metrics is the API the bot's parts record with; swift-prometheus renders them
        // (it needs only swift-atomics besides, no swift-nio).
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // Pure targets: no I/O, no clocks, no global randomness.
        .target(name: "LunarCalendar", swiftSettings: strict),
        .target(name: "Timekeeping", swiftSettings: strict),
        .target(name: "ChatPlatform", swiftSettings: strict),
        .target(name: "RoastCore", dependencies: ["LunarCalendar"], swiftSettings: strict),
        // The content files an operator edits (the roast library folder), read for the composition root.
        .target(name: "RoastContent", dependencies: ["RoastCore"], swiftSettings: strict),
        // What share cards and streak pictures show, and how the bot asks roastbot-render for one.
        .target(name: "CardModel", dependencies: ["RoastCore"], swiftSettings: strict),

        // C libraries.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // glibc's mallopt, for the two executables.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // glibc's accept4 and pipe2, for the HTTP listener.
        .systemLibrary(name: "CSockets", path: "Sources/CSockets"),
        // OpenSSL's libcrypto (already loaded by libcurl): SHA-1 for the WebSocket handshake.
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            // The include folders come from the module's own pkg-config file (see its comment), named by absolute path.
            name: "CPangoCairo", path: "Sources/CPangoCairo", pkgConfig: Context.packageDirectory + "/Sources/CPangoCairo/CPangoCairo.pc",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "zlib1g-dev", "fonts-noto-core", "fonts-noto-color-emoji"])]
        ),

        // I/O.
        .target(name: "CurlHTTP", dependencies: ["CCurl"], swiftSettings: strict),
        .target(name: "APIDecoding", swiftSettings: strict),
        // The bot's HTTP listeners (webhook, metrics, health): a strict HTTP/1.1 server on a thread of
        // its own, with hard limits, that hands only complete, bounded requests to async handlers.
        .target(name: "HTTPServing", dependencies: ["CSockets", .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        // RFC 6455 client over libcurl's CONNECT_ONLY connection (the same TLS, CA store and proxy as REST),
        // on a dedicated thread per connection.
        .target(name: "WebSocketClient", dependencies: ["CCurl", "COpenSSL"], swiftSettings: strict),
        .target(name: "RoastStore", dependencies: ["CSQLite", "RoastCore", "ChatPlatform", "CardModel"], swiftSettings: strict),
        // Share cards and streak pictures as PNG; knows nothing of Telegram or the store. Linked only into
        // roastbot-render (and the benchmarks), so that the bot itself never loads Cairo, Pango or the fonts.
        .target(name: "CardRenderer", dependencies: ["CPangoCairo", "CardModel", "RoastCore"], swiftSettings: strict),
        .target(
            name: "AIRoasts",
            dependencies: ["CurlHTTP", "RoastCore", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .target(
            name: "TelegramBotAPI",
            dependencies: ["CurlHTTP", "APIDecoding", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),

        // Discord REST: models of the payloads the bot reads and writes, the endpoints it calls, and Discord's rate
        // limits kept in the transport. No bot logic.
        .target(
            name: "DiscordAPI",
            dependencies: ["CurlHTTP", "APIDecoding", "Timekeeping", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        // The gateway session (hello, heartbeats, identify/resume, close codes, budgets) as a state machine on an
        // injected clock, over a WebSocket transport; dispatches go up as raw JSON for DiscordAPI's models.
        .target(
            name: "DiscordGateway",
            dependencies: ["WebSocketClient", "DiscordAPI", "APIDecoding", "Timekeeping", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),

        // Adapters and application.
        .target(
            name: "TelegramAdapter",
            dependencies: [
                "TelegramBotAPI", "ChatPlatform", "Timekeeping", "CurlHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        .target(name: "ConsoleAdapter", dependencies: ["ChatPlatform", "Timekeeping"], swiftSettings: strict),
        // Discord: its profile, gateway dispatches → neutral events, interactions answered within 3 s, rendering.
        .target(
            name: "DiscordAdapter",
            dependencies: ["ChatPlatform", "DiscordAPI", "Timekeeping", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .target(
            name: "RoastBot",
            dependencies: [
                "RoastCore", "RoastStore", "ChatPlatform", "Timekeeping", "AIRoasts", "CardModel",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "roastbot",
            dependencies: [
                "RoastBot", "RoastContent", "TelegramAdapter", "ConsoleAdapter", "CurlHTTP", "TelegramBotAPI", "LunarCalendar", "CMalloc",
                "DiscordAdapter", "DiscordAPI", "DiscordGateway", "HTTPServing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict
        ),

        .executableTarget(name: "roastbot-render", dependencies: ["CardRenderer", "CardModel", "CMalloc"], swiftSettings: strict),

        // Test support: fakes named by behaviour.
        .target(
            name: "RoastTesting",
            dependencies: [
                "ChatPlatform", "Timekeeping", "CurlHTTP", "DiscordGateway",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            swiftSettings: strict
        ),

        // Unit tests (no sockets).
        .testTarget(name: "LunarCalendarTests", dependencies: ["LunarCalendar"], exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(name: "RoastCoreTests", dependencies: ["RoastCore", "RoastContent"], swiftSettings: strict),
        .testTarget(name: "RoastContentTests", dependencies: ["RoastContent", "RoastCore"], swiftSettings: strict),
        .testTarget(
            name: "RoastStoreTests", dependencies: ["RoastStore", "RoastCore", "ChatPlatform", "CardModel"], exclude: ["Outbox/Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "TelegramBotAPITests", dependencies: ["TelegramBotAPI", "APIDecoding", "RoastCore", "RoastTesting"], exclude: ["Samples"],
            swiftSettings: strict),
        .testTarget(
            name: "TelegramAdapterTests",
            dependencies: [
                "TelegramAdapter", "TelegramBotAPI", "RoastTesting", "ChatPlatform", "Timekeeping", "RoastCore",
                .product(name: "Logging", package: "swift-log"), .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "RoastBotTests",
            dependencies: [
                "RoastBot", "RoastTesting", "ConsoleAdapter", "RoastStore", "RoastCore", "RoastContent", "ChatPlatform", "Timekeeping",
                "AIRoasts", "CardModel", .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CardRendererTests", dependencies: ["CardRenderer", "CardModel", "CPangoCairo", "RoastCore"], swiftSettings: strict),
        .testTarget(name: "TimekeepingTests", dependencies: ["Timekeeping"], swiftSettings: strict),
        .testTarget(name: "HTTPServingTests", dependencies: ["HTTPServing"], swiftSettings: strict),
        .testTarget(name: "WebSocketClientTests", dependencies: ["WebSocketClient"], swiftSettings: strict),
        .testTarget(
            name: "DiscordGatewayTests",
            dependencies: ["DiscordGateway", "DiscordAPI", "RoastTesting", "Timekeeping", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .testTarget(name: "ConsoleAdapterTests", dependencies: ["ConsoleAdapter", "ChatPlatform"], swiftSettings: strict),
        .testTarget(
            name: "DiscordAdapterTests",
            dependencies: ["DiscordAdapter", "DiscordAPI", "ChatPlatform"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DiscordAPITests", dependencies: ["DiscordAPI", "CurlHTTP", "Timekeeping", "RoastTesting"], exclude: ["Samples"],
            swiftSettings: strict),
        .testTarget(
            name: "roastbotTests",
            dependencies: ["roastbot", "TelegramAdapter", "DiscordAdapter", "DiscordAPI", "RoastStore", "ChatPlatform"],
            swiftSettings: strict),
        .testTarget(name: "AIRoastsTests", dependencies: ["AIRoasts", "RoastCore", "RoastTesting", "CurlHTTP"], swiftSettings: strict),
        // Tests that open sockets or start processes.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "RoastTesting", "CurlHTTP", "TelegramBotAPI", "TelegramAdapter", "RoastStore", "RoastCore", "RoastContent", "RoastBot",
                "ConsoleAdapter", "ChatPlatform", "Timekeeping", "AIRoasts", "CardModel", "CardRenderer", "CPangoCairo", "DiscordAPI",
                "HTTPServing", "WebSocketClient", "DiscordGateway", "DiscordAdapter",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // `make try-discord`: a newcomer plays a Discord server's members against the fake Discord and the real binary.
        .executableTarget(name: "roastbot-try-discord", dependencies: ["RoastTesting"], swiftSettings: strict),

        // Benchmarks and the soak run: the real pipeline, SQLite file and binary against the fake Bot API.
        .executableTarget(
            name: "roastbot-bench",
            dependencies: [
                "RoastBot", "RoastStore", "RoastCore", "RoastContent", "ChatPlatform", "RoastTesting", "TelegramAdapter", "TelegramBotAPI",
                "CurlHTTP", "Timekeeping", "CardRenderer", "CardModel",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
    ]
)
