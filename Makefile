# Cambio: the two commands of the README are `make run` and `make test`.
SWIFT ?= swift
# A private X server per command (scripts/with-xvfb).
XVFB = scripts/with-xvfb
# XCTest only: no empty Swift Testing summary after each run.
SWIFT_TEST = $(SWIFT) test --disable-swift-testing

.PHONY: all deps locale schemas build run test test-layers test-unit test-l10n test-ui test-cli test-dbus test-e2e test-desktop test-package bench fuzz screenshot metainfo-screenshots clean install uninstall man deb

# The one version number is CambioVersion.string; the metainfo's newest release, the package, its
# changelog and the About window say it too (Tests/package/run holds them equal).
VERSION := $(shell sed -n 's/^ *public static let string = "\(.*\)"$$/\1/p' Sources/CambioNet/Version.swift)

# `make install` (PREFIX defaults to ~/.local; `sudo make install PREFIX=/usr/local` for everyone).
PREFIX ?= $(HOME)/.local
APP_ID = io.github.cambio.Cambio
# Every file `make install` writes, relative to PREFIX; `make uninstall` removes exactly these.
LINGUAS = $(shell cat po/LINGUAS)
# Compiled catalogues: data/locale/<lang>/LC_MESSAGES/cambio.mo (the app reads them beside its data).
MO = $(foreach l,$(LINGUAS),data/locale/$(l)/LC_MESSAGES/cambio.mo)
# The desktop entry and metainfo with the translations merged in (msgfmt --desktop, --xml).
I18N_DIR = .build/i18n
DESKTOP = $(I18N_DIR)/$(APP_ID).desktop
METAINFO = $(I18N_DIR)/$(APP_ID).metainfo.xml
INSTALLED = $(foreach l,$(LINGUAS),share/locale/$(l)/LC_MESSAGES/cambio.mo) bin/cambio share/cambio/eurofxref-hist.csv share/cambio/ecb-history.sqlite share/cambio/stocks.csv share/applications/$(APP_ID).desktop \
	share/man/man1/cambio.1.gz $(BACKTRACE_REPORTER) share/metainfo/$(APP_ID).metainfo.xml share/icons/hicolor/scalable/apps/$(APP_ID).svg \
	share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg share/glib-2.0/schemas/$(APP_ID).gschema.xml \
	$(SEARCH_PROVIDER) $(SEARCH_SERVICE) $(APP_SERVICE) $(SYSTEMD_USER)/cambio-alerts.service $(SYSTEMD_USER)/cambio-alerts.timer
# The GNOME Shell search provider: its description for the Shell, and the D-Bus service file that
# lets the session bus start `cambio --search-provider` (both named after the app id).
SEARCH_PROVIDER = share/gnome-shell/search-providers/$(APP_ID).search-provider.ini
SEARCH_SERVICE = share/dbus-1/services/$(APP_ID).SearchProvider.service
# The application's own D-Bus service file (the desktop entry is DBusActivatable): the session bus
# starts `cambio --gapplication-service` when the desktop launches Cambio or a notification is
# clicked while no window is open.
APP_SERVICE = share/dbus-1/services/$(APP_ID).service
# The systemd user units that check the rate alerts with the window closed: where systemd looks
# for a distribution's (/usr/lib/systemd/user), else under the prefix's share, which it reads
# through XDG_DATA_HOME (~/.local) and XDG_DATA_DIRS (/usr/local).
SYSTEMD_USER = $(if $(filter /usr,$(PREFIX)),lib/systemd/user,share/systemd/user)

all: build

deps:
	@scripts/install-deps

build: deps locale schemas
	$(SWIFT) build
	@$(MAKE) --no-print-directory $(SHARED_HISTORY)

# The ECB's history as a read-only SQLite file, built from the bundled CSV and shared by every
# user (installed in share/cambio; a user's own store holds only what was fetched or set).
SHARED_HISTORY = data/ecb-history.sqlite
$(SHARED_HISTORY): data/eurofxref-hist.csv $(wildcard Sources/CambioStore/*.swift) Sources/CambioCore/ECBHistory.swift Sources/cambio-history-bundle/main.swift
	$(SWIFT) build --product cambio-history-bundle
	.build/debug/cambio-history-bundle $< $@

# The preferences' GSettings schema, validated and compiled for the build (make run and the tests
# point GSETTINGS_SCHEMA_DIR here; make install compiles the installed copy).
SCHEMA = Resources/$(APP_ID).gschema.xml
SCHEMA_DIR = .build/schemas
schemas: $(SCHEMA_DIR)/gschemas.compiled
$(SCHEMA_DIR)/gschemas.compiled: $(SCHEMA)
	@mkdir -p $(SCHEMA_DIR)
	glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) Resources
export GSETTINGS_SCHEMA_DIR := $(CURDIR)/$(SCHEMA_DIR)

# The translations, compiled with msgfmt (checked: formats, plural forms, headers), and the
# desktop entry and metainfo with every language's strings merged in from the same catalogues.
locale: $(MO) $(DESKTOP) $(METAINFO)
data/locale/%/LC_MESSAGES/cambio.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check --output-file=$@ $<
$(DESKTOP): Resources/$(APP_ID).desktop po/LINGUAS $(foreach l,$(LINGUAS),po/$(l).po)
	@mkdir -p $(I18N_DIR)
	msgfmt --desktop --template=$< -d po --output-file=$@
$(METAINFO): Resources/$(APP_ID).metainfo.xml po/LINGUAS $(foreach l,$(LINGUAS),po/$(l).po)
	@mkdir -p $(I18N_DIR)
	msgfmt --xml --template=$< -d po --output-file=$@

run: build
	.build/debug/cambio

# Every test: domain and network (no display), widgets in a real window under Xvfb, the command
# line from outside, end to end through AT-SPI.
test: build
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory test-layers test-unit test-l10n test-ui test-cli test-dbus test-e2e test-desktop test-package

# The layers' rules the compiler does not hold: the screens without C or pointers, the domain
# without the file system (scripts/check-layers; its self-test breaks each rule once).
test-layers:
	scripts/check-layers --self-test
	scripts/check-layers

test-unit:
	GSETTINGS_BACKEND=memory $(SWIFT_TEST) --skip CambioUITests

# Every marked message in po/cambio.pot and translated in every catalogue, formats intact.
test-l10n:
	Tests/l10n/run

test-ui:
	$(XVFB) dbus-run-session -- env GTK_A11Y=none GSETTINGS_BACKEND=memory $(SWIFT_TEST) --filter CambioUITests

test-cli:
	python3 Tests/cli/test_cli.py
	python3 Tests/cli/test_store.py

# The GNOME Shell search provider on a private session bus that starts it from the build's service file.
test-dbus:
	Tests/dbus/run

test-e2e:
	Tests/e2e/run

# The desktop entry and metainfo validators, then an install into a temporary prefix launched
# through its desktop entry under Xvfb (one window, also after a second launch), then uninstall.
test-desktop: locale
	desktop-file-validate $(DESKTOP)
	appstreamcli validate --pedantic --no-net $(METAINFO)
	Tests/desktop/run

# CONFIG=debug installs the debug build (the install test does, to save a release build).
CONFIG ?= release
# The release build is self-contained: the Swift runtime, Foundation and ICU's data are linked in
# (--static-swift-stdlib), so that it runs without a Swift toolchain. It has its own build folder:
# .build/release stays the dynamic build that make bench compares it with. Its crash reporter is
# the toolchain's static swift-backtrace, found at run time in libexec/cambio (Sources/CambioBacktrace).
STATIC_BUILD = .build-static
# No $$ORIGIN run path (its libraries are the system's) and no library it does not use.
STATIC_FLAGS = -c release --static-swift-stdlib --scratch-path $(STATIC_BUILD) --disable-local-rpath -Xlinker --as-needed \
	-Xlinker -z -Xlinker now
BACKTRACE_REPORTER = libexec/cambio/swift-backtrace
SWIFT_BACKTRACE_STATIC = $(shell $(SWIFT) -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')/../../libexec/swift/linux/swift-backtrace-static
ifeq ($(CONFIG),release)
BUILT = $(STATIC_BUILD)/release/cambio
else
BUILT = .build/$(CONFIG)/cambio
endif

# The man page, written by swift-argument-parser's generate-manual plugin from the commands' own help,
# with a SYNOPSIS line for each command (scripts/man-synopsis, from the release build the plugin ran).
MAN = .build/man/cambio.1
man: $(MAN)
$(MAN): $(wildcard Sources/CambioCLI/*.swift) Sources/CambioNet/Version.swift
	@mkdir -p $(dir $@)
	$(SWIFT) package --allow-writing-to-directory $(dir $@) generate-manual --output-directory $(dir $@) \
		--authors "The Cambio developers" --date "$$(sed -n 's/.*<release version="$(VERSION)" date="\([0-9-]*\)[T"].*/\1/p' Resources/$(APP_ID).metainfo.xml)"
	scripts/man-synopsis .build/release/cambio $@

# With DESTDIR (a staged install, as make deb does) the caches of the target system are not
# rebuilt: its own package triggers do that.
install: deps locale man $(SHARED_HISTORY)
ifeq ($(CONFIG),release)
	@test -x "$(SWIFT_BACKTRACE_STATIC)" || { echo "make install: the toolchain has no swift-backtrace-static ($(SWIFT_BACKTRACE_STATIC))" >&2; exit 1; }
	$(SWIFT) build $(STATIC_FLAGS) --product cambio
	install -Dm755 "$(SWIFT_BACKTRACE_STATIC)" "$(DESTDIR)$(PREFIX)/$(BACKTRACE_REPORTER)"
else
	$(SWIFT) build -c $(CONFIG) --product cambio
endif
	for l in $(LINGUAS); do install -Dm644 data/locale/$$l/LC_MESSAGES/cambio.mo "$(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/cambio.mo"; done
	install -Dm755 $(BUILT) "$(DESTDIR)$(PREFIX)/bin/cambio"
	install -Dm644 data/eurofxref-hist.csv "$(DESTDIR)$(PREFIX)/share/cambio/eurofxref-hist.csv"
	install -Dm644 $(SHARED_HISTORY) "$(DESTDIR)$(PREFIX)/share/cambio/ecb-history.sqlite"
	install -Dm644 data/stocks.csv "$(DESTDIR)$(PREFIX)/share/cambio/stocks.csv"
	install -d "$(DESTDIR)$(PREFIX)/share/man/man1"
	umask 022; gzip -9n < $(MAN) > "$(DESTDIR)$(PREFIX)/share/man/man1/cambio.1.gz"
	install -d "$(DESTDIR)$(PREFIX)/share/applications"
	umask 022; sed 's|^Exec=cambio|Exec=$(PREFIX)/bin/cambio|' $(DESKTOP) > "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	install -Dm644 $(SCHEMA) "$(DESTDIR)$(PREFIX)/share/glib-2.0/schemas/$(APP_ID).gschema.xml"
	install -Dm644 $(METAINFO) "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	install -Dm644 Resources/$(APP_ID).search-provider.ini "$(DESTDIR)$(PREFIX)/$(SEARCH_PROVIDER)"
	install -d "$(DESTDIR)$(PREFIX)/share/dbus-1/services"
	umask 022; sed 's|@bindir@|$(PREFIX)/bin|' Resources/$(APP_ID).SearchProvider.service.in > "$(DESTDIR)$(PREFIX)/$(SEARCH_SERVICE)"
	umask 022; sed 's|@bindir@|$(PREFIX)/bin|' Resources/$(APP_ID).service.in > "$(DESTDIR)$(PREFIX)/$(APP_SERVICE)"
	install -d "$(DESTDIR)$(PREFIX)/$(SYSTEMD_USER)"
	umask 022; sed 's|@bindir@|$(PREFIX)/bin|' Resources/cambio-alerts.service.in > "$(DESTDIR)$(PREFIX)/$(SYSTEMD_USER)/cambio-alerts.service"
	install -m644 Resources/cambio-alerts.timer "$(DESTDIR)$(PREFIX)/$(SYSTEMD_USER)/cambio-alerts.timer"
	install -Dm644 Resources/icons/hicolor/scalable/apps/$(APP_ID).svg "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	install -Dm644 Resources/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg "$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"
ifeq ($(DESTDIR),)
	glib-compile-schemas --strict "$(PREFIX)/share/glib-2.0/schemas"
	-gtk4-update-icon-cache -qtf "$(PREFIX)/share/icons/hicolor" 2>/dev/null
	-update-desktop-database -q "$(PREFIX)/share/applications" 2>/dev/null
	@echo "Installed in $(PREFIX). Start Cambio from the applications menu, or: gtk4-launch $(APP_ID)"
endif

# cambio_<version>_amd64.deb (and its debug symbols package) in .build/deb, from a staged
# `make install PREFIX=/usr`, checked by lintian (scripts/make-deb). The package's version is the
# app's with a Debian revision, raised when only the packaging changes.
DEB_REVISION = 1
deb:
	@scripts/install-deps package
	rm -rf .build/deb
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/deb/root PREFIX=/usr CONFIG=release
	scripts/make-deb $(VERSION) $(DEB_REVISION) .build/deb

# The package installed in clean roots of Debian 12, 13 and testing (mmdebstrap) and used there:
# the command line, the window from its desktop entry, the search provider, then purged; lintian
# of Debian 13 too (Tests/package/run).
test-package: build deb
	Tests/package/run .build/deb/cambio_$(VERSION)-$(DEB_REVISION)_$$(dpkg --print-architecture).deb

uninstall:
	for f in $(INSTALLED); do rm -f "$(DESTDIR)$(PREFIX)/$$f"; done
	if ls "$(DESTDIR)$(PREFIX)/share/glib-2.0/schemas/"*.gschema.xml >/dev/null 2>&1; then \
		glib-compile-schemas "$(DESTDIR)$(PREFIX)/share/glib-2.0/schemas"; \
	else rm -f "$(DESTDIR)$(PREFIX)/share/glib-2.0/schemas/gschemas.compiled"; \
		rmdir -p "$(DESTDIR)$(PREFIX)/share/glib-2.0/schemas" 2>/dev/null || true; fi
	-rmdir "$(DESTDIR)$(PREFIX)/share/cambio" "$(DESTDIR)$(PREFIX)/libexec/cambio" 2>/dev/null
	-rmdir "$(DESTDIR)$(PREFIX)/share/gnome-shell/search-providers" "$(DESTDIR)$(PREFIX)/share/gnome-shell" \
		"$(DESTDIR)$(PREFIX)/share/dbus-1/services" "$(DESTDIR)$(PREFIX)/share/dbus-1" \
		"$(DESTDIR)$(PREFIX)/$(SYSTEMD_USER)" "$(DESTDIR)$(PREFIX)/$(dir $(SYSTEMD_USER))" 2>/dev/null
	-gtk4-update-icon-cache -qtf "$(DESTDIR)$(PREFIX)/share/icons/hicolor" 2>/dev/null
	-update-desktop-database -q "$(DESTDIR)$(PREFIX)/share/applications" 2>/dev/null

# Start-up, memory and per-keystroke figures, against an empty libadwaita window and an empty GTK 4
# window in the same run, each with its target and whether it is met; the package's self-contained
# binary against the dynamic release build, and the package's size.
# `make bench BEFORE=<another checkout>/.build/release` also measures that build, in the same run.
bench: deb
	@scripts/install-deps bench
	$(MAKE) --no-print-directory schemas
	$(SWIFT) build -c release
	$(XVFB) dbus-run-session -- python3 scripts/bench.py

# libFuzzer over the parsers (FUZZ_SECONDS, default 60); prints how many inputs ran.
fuzz: deps
	scripts/fuzz

# Screenshots of every page at 360x640, 360x294, 1024x600 and 1280x800, light and dark, under Xvfb
# (imagemagick): .build/screenshots/*.png and index.html, each checked (size, not blank, dark or light).
screenshot: build
	Tests/e2e/run test_screenshots.py

# The metainfo's screenshots (Resources/screenshots), taken from the build the same way.
metainfo-screenshots: build
	CAMBIO_METAINFO_SCREENSHOTS=$(CURDIR)/Resources/screenshots Tests/e2e/run test_screenshots.py metainfo_screenshots

clean:
	rm -rf .build .build-fuzz $(STATIC_BUILD) $(SHARED_HISTORY)
