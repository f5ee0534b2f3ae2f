# Cambio: the two commands of the README are `make run` and `make test`.
SWIFT ?= swift
# A private X server per command (scripts/with-xvfb).
XVFB = scripts/with-xvfb
# XCTest only: no empty Swift Testing summary after each run.
SWIFT_TEST = $(SWIFT) test --disable-swift-testing

.PHONY: all deps build run test test-unit test-ui test-cli test-e2e bench fuzz screenshot clean

all: build

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

run: build
	.build/debug/cambio

# Every test: domain and network (no display), widgets in a real window under Xvfb, the command
# line from outside, end to end through AT-SPI.
test: build
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory test-unit test-ui test-cli test-e2e

test-unit:
	$(SWIFT_TEST) --skip CambioUITests

test-ui:
	$(XVFB) dbus-run-session -- env GTK_A11Y=none $(SWIFT_TEST) --filter CambioUITests

test-cli:
	python3 Tests/cli/test_cli.py

test-e2e:
	Tests/e2e/run

# Start-up, memory and per-keystroke figures, against an empty GTK 4 window in the same run.
bench: deps
	$(SWIFT) build -c release
	$(XVFB) dbus-run-session -- python3 scripts/bench.py

# libFuzzer over the parsers (FUZZ_SECONDS, default 60); prints how many inputs ran.
fuzz: deps
	scripts/fuzz

# A screenshot of the window under Xvfb (needs imagemagick): shot.png.
screenshot: build
	$(XVFB) sh -c '.build/debug/cambio & sleep 4; import -window root shot.png; kill $$!'

clean:
	rm -rf .build .build-fuzz
