# Lumen: two commands.
#   make run    installs what is missing, builds in release and opens the window
#   make test   installs what is missing (plus Xvfb), builds and runs every test
# Debian packages are installed with apt-get, non-interactively, and only when missing.
#   make deb     builds lumen_VERSION_ARCH.deb in .build/deb (scripts/make-deb; an app on Lumen makes its own the same way)
#   make fuzz    every fuzz target under libFuzzer and the sanitizers (FUZZ_SECONDS=N each)
#   make sanitize the C code's tests under ASan+UBSan, the threads' under TSan
#   make install installs lumen (its Swift runtime linked in), its assets, its man page, a
#                .desktop file and an icon under PREFIX (/usr/local), DESTDIR honoured; see packaging/

BUILD_PACKAGES := pkg-config libsdl2-dev libxi-dev libxrandr-dev libsdl2-image-dev libjpeg62-turbo-dev libpng-dev libgif-dev \
                  libwebp-dev libtiff-dev libheif-dev liblcms2-dev libexif-dev libseccomp-dev \
                  libcairo2-dev libpixman-1-dev libpango1.0-dev libfontconfig-dev \
                  libatk1.0-dev libatk-bridge2.0-dev libegl-dev libgles-dev libudev-dev libwayland-dev libgl-dev \
                  libimagequant-dev libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libsystemd-dev libdrm-dev libxext-dev
# Mesa's EGL and llvmpipe: the GPU renderer's tests draw on the CPU through EGL surfaceless.
# cage, sway, weston, grim and Xwayland: the native Wayland tests (headless compositors, scripts/wayland-run).
# QEMU, Debian's kernel and busybox: the KMS/DRM tests (a virtual machine with a virtio-gpu, scripts/kms-run).
# locales: en_US.UTF-8, whose collation the photo-order tests sort by (scripts/ensure-locale).
# systemd and prometheus-node-exporter: the fleet tests' journald (scripts/journal-run) and textfile collector.
# gdb: the stacks of a program a test waited on too long (ProcessDeadline, scripts/test-shards).
# colord-data: the Adobe RGB and ProPhoto profiles the format corpus embeds (Tests/LumenTestSupport/FormatCorpus.swift).
TEST_PACKAGES  := xvfb xauth xdotool x11-utils groff-base python3-xlib dbus at-spi2-core python3-pyatspi gir1.2-atspi-2.0 \
                  libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri cage sway weston grim xwayland wtype wl-clipboard \
                  qemu-system-x86 linux-image-amd64 busybox-static cpio udev colord-data time locales \
                  systemd prometheus-node-exporter gdb xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SCENE ?= home
ARGS ?=
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: run test checks example-test outside-app-test docs api-baseline build release deps test-deps bench clean install uninstall deb deb-test fuzz sanitize

run: deps release
	.build/release/lumen --scene $(SCENE) $(ARGS)

# The build fails when a module imports one it does not declare (the one-way module graph), or
# when the compiler warns about the project's own code.
# The checks after the build (the example app, an app package made outside the tree, the reference
# docs, the API baseline) run beside the test shards, which spend much of their time waiting on
# compositors and virtual machines.
test: deps test-deps
	@scripts/build-quietly --no-warnings --build-tests -q --explicit-target-dependency-import-check error
	@mkdir -p .build; $(MAKE) --no-print-directory checks > .build/checks.log 2>&1 & checks=$$!; \
	 xvfb-run -a -s "-screen 0 2560x1600x24" scripts/test-shards; tests=$$?; \
	 wait $$checks; status=$$?; cat .build/checks.log; [ $$tests = 0 ] && [ $$status = 0 ]

checks:
	@$(MAKE) --no-print-directory example-test
	@scripts/outside-app-test
	@$(MAKE) --no-print-directory docs
	@scripts/api-check

# The library products' reference (DocC, offline, the toolchain's own docc) as a static HTML site
# in .build/docs/html (python3 -m http.server -d .build/docs/html); builds what it needs, so it
# works on a clean clone; fails on a public symbol, initialiser, enum case or conformance
# without a doc comment, or a DocC warning.
docs: deps
	@scripts/make-docs .build/docs

# The public API's baseline (api/), written anew after a deliberate change of it; make test
# fails on a breaking change against it (scripts/api-check).
api-baseline: deps
	@scripts/build-quietly -q
	@scripts/api-check --update

# The example app (Examples/PhotoWall), built and tested as another package would: Lumen by
# path, its public API only.
example-test:
	@cd Examples/PhotoWall && ../../scripts/build-quietly --no-warnings --build-tests -q
	cd Examples/PhotoWall && swift test --skip-build 2>&1 | { grep -v -e '^warning: prohibited flag' || true; }

# An app package made outside Lumen's tree, depending on it by path, with no LUMEN_* variable:
# its tests (LumenTesting) and its name in its messages, --help and window class.
outside-app-test:
	@scripts/outside-app-test

# Every fuzz target under libFuzzer, FUZZ_SECONDS each (60), with AddressSanitizer and
# UndefinedBehaviorSanitizer; prints libFuzzer's closing line for each (scripts/fuzz; also
# FUZZ_TARGETS="png video …" and FUZZ_JOBS=N). An instrumented build of its own.
fuzz: deps test-deps
	@scripts/fuzz

# The tests of Lumen's C code under AddressSanitizer and UndefinedBehaviorSanitizer, and of its
# threads under ThreadSanitizer, each with no report (scripts/sanitize). Builds of their own.
sanitize: deps test-deps
	@scripts/sanitize

build: deps
	swift build -q

release: deps
	@scripts/build-quietly -c release -q
	@test -x .build/release/lumen

bench: deps release
	.build/release/lumen bench --scene cards --size 1280x800 --frames 300

deps:
	@scripts/ensure-packages $(BUILD_PACKAGES)

test-deps:
	@scripts/ensure-packages $(TEST_PACKAGES)
	@scripts/ensure-locale en_US.UTF-8

# A build of its own with the Swift runtime linked in, so the installed lumen needs only
# Debian's libraries (SDL2, Cairo, Pango, the codecs), not the Swift toolchain.
install: deps
	@scripts/build-quietly -c release --static-swift-stdlib --scratch-path .build/static -q
	install -Dm755 .build/static/release/lumen $(DESTDIR)$(PREFIX)/bin/lumen
	rm -rf $(DESTDIR)$(PREFIX)/share/lumen/assets
	mkdir -p $(DESTDIR)$(PREFIX)/share/lumen
	cp -R assets $(DESTDIR)$(PREFIX)/share/lumen/assets
	install -Dm644 packaging/lumen.desktop $(DESTDIR)$(PREFIX)/share/applications/lumen.desktop
	install -Dm644 packaging/lumen.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/lumen.svg
	install -Dm644 docs/lumen.1 $(DESTDIR)$(PREFIX)/share/man/man1/lumen.1
	for f in lumen-kiosk.service lumen-kiosk-cage.service lumen-kiosk-user.service lumen-kiosk.desktop kiosk-playlist.json; do \
		install -Dm644 packaging/$$f $(DESTDIR)$(PREFIX)/share/lumen/packaging/$$f; done

# The Debian package: the same static build as install, packed by scripts/make-deb (Depends from
# dpkg-shlibdeps, the kiosk units installed but not enabled).
deb: deps
	@scripts/ensure-packages dpkg-dev binutils
	@scripts/build-quietly -c release --static-swift-stdlib --scratch-path .build/static -q
	@mkdir -p .build/deb && rm -f .build/deb/lumen_*.deb
	@scripts/make-deb --binary .build/static/release/lumen --out .build/deb \
		--summary "image effects app and kiosk player built on a Swift UI toolkit"

# CI's package test (it installs the package on this machine, then purges it): lintian, apt-get
# install, the installed lumen run with the build tree out of reach, purge, nothing left behind.
# Then the same for an app built outside the tree (scripts/outside-app-test's), packed with its
# own name by the documented command.
deb-test: deb
	@scripts/ensure-packages lintian
	@scripts/deb-test .build/deb/lumen_*.deb
	@scripts/outside-app-deb-test

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/lumen $(DESTDIR)$(PREFIX)/share/applications/lumen.desktop \
	      $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/lumen.svg \
	      $(DESTDIR)$(PREFIX)/share/man/man1/lumen.1
	rm -rf $(DESTDIR)$(PREFIX)/share/lumen

clean:
	swift package clean
