# RoastMeLater Bot — two commands on a fresh Debian machine: `make run` and `make test`.
SWIFT ?= swift
SYSTEM_PACKAGES := libcurl4-openssl-dev libssl-dev libsqlite3-dev ca-certificates tzdata \
	libcairo2-dev libpango1.0-dev libfontconfig-dev zlib1g-dev fonts-noto-core fonts-noto-color-emoji
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/debug/roastbot

.PHONY: deps build run console try-discord lint test bench soak release install clean

## Install the C libraries (libcurl, OpenSSL's libcrypto, libsqlite3; Cairo, Pango, zlib and the Noto fonts for pictures) when they are missing.
deps:
	@if ! dpkg -s $(SYSTEM_PACKAGES) >/dev/null 2>&1; then \
		echo "Installing $(SYSTEM_PACKAGES)…"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_PACKAGES); \
	fi

## The bot and roastbot-render, which draws its pictures and is started from beside it.
build: deps
	$(SWIFT) build --product roastbot
	$(SWIFT) build --product roastbot-render

## Serve Telegram with TELEGRAM_BOT_TOKEN set; without it, open the console chat.
run: build
	$(BIN) run $(ARGS)

console: build
	$(BIN) console $(ARGS)

## Discord mode without a Discord account: a fake Discord on 127.0.0.1 and the real bot against it, you typing as the
## server's members (data/try-discord.sqlite). See docs/try-discord.md.
try-discord: build
	$(SWIFT) build --product roastbot-try-discord
	.build/debug/roastbot-try-discord $(ARGS)

## The toolchain's formatter in lint mode (configuration: .swift-format); `swift format --in-place -r Sources Tests` fixes most findings.
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

## Build everything and run every test: first the unit and in-process suites, then the end-to-end
## suites (sockets, child processes) on their own, so that CPU-heavy unit tests never starve the
## servers and bots the end-to-end tests time; last, each group alone, the suites that hold the bot
## to a clock: Discord's gateway (heartbeats carrying the last sequence received, resumes, identify
## spacing), Discord's 3-second interaction deadline, and pacing (send rates and delays against the
## fake Bot API's clock) with connection reuse (how many connections bursts of sends open: a machine
## so busy that a round of replies takes seconds closes and reopens some). A machine busy with dozens
## of bots and servers at once cannot promise those.
GATEWAY_SUITES := DiscordGatewayEndToEndTests|FakeDiscordGatewayTests|DiscordResilienceEndToEndTests
DEADLINE_SUITES := DiscordPlatformEndToEndTests|DiscordEndToEndTests|DiscordDeadlineEndToEndTests|DiscordQueueDeadlineEndToEndTests
ALONE_SUITES := PacingEndToEndTests|ConnectionReuseEndToEndTests
## Swift Testing captures a backtrace on every Swift error thrown in the test process, also those caught
## at once: the fakes' JSON reader (FakeJSON, by Decodable) throws on each value that is not a Bool, and
## once a fresh-clone run stalled the whole test process for eight minutes in that capture, failing every
## end-to-end test in flight (their fakes answered retries late, counted as doubles). Failures still name
## their file and line.
test: export SWT_SWIFT_ERROR_BACKTRACING_ENABLED = 0
test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest --skip EndToEndTests
	$(SWIFT) test --skip-build --disable-xctest --filter EndToEndTests --skip "$(ALONE_SUITES)|$(GATEWAY_SUITES)|$(DEADLINE_SUITES)"
	$(SWIFT) test --skip-build --disable-xctest --filter "$(GATEWAY_SUITES)"
	$(SWIFT) test --skip-build --disable-xctest --filter "$(DEADLINE_SUITES)"
	$(SWIFT) test --skip-build --disable-xctest --filter "$(ALONE_SUITES)"

## Benchmarks (release build): pipeline, end to end, broadcast, memory, start-up. See docs/performance.md.
bench: deps
	$(SWIFT) build -c release --product roastbot
	$(SWIFT) build -c release --product roastbot-render
	$(SWIFT) build -c release --product roastbot-bench
	.build/release/roastbot-bench $(ARGS)

## A 10-minute run with steady traffic and injected faults: memory and backlog must stay flat.
soak: deps
	$(SWIFT) build -c release --product roastbot
	$(SWIFT) build -c release --product roastbot-render
	$(SWIFT) build -c release --product roastbot-bench
	.build/release/roastbot-bench soak --minutes 10 $(ARGS)

release: deps
	$(SWIFT) build -c release --product roastbot --static-swift-stdlib
	$(SWIFT) build -c release --product roastbot-render --static-swift-stdlib

## The systemd deployment (as root): the service user, /opt/roastbot with both release binaries side by
## side (roastbot finds roastbot-render there), /etc/roastbot, /var/lib/roastbot, the unit. See deploy/install.sh.
install: release
	ROASTBOT_BIN_DIR=.build/release sh deploy/install.sh

clean:
	rm -rf .build
