# Lumen: two commands.
#   make run    installs what is missing, builds in release and opens the window
#   make test   installs what is missing (plus Xvfb), builds and runs every test
# Debian packages are installed with apt-get, non-interactively, and only when missing.

BUILD_PACKAGES := pkg-config libsdl2-dev libsdl2-image-dev libjpeg62-turbo-dev libpng-dev libgif-dev \
                  libwebp-dev libtiff-dev libheif-dev liblcms2-dev libexif-dev \
                  libcairo2-dev libpixman-1-dev libpango1.0-dev libfontconfig-dev
TEST_PACKAGES  := xvfb xauth xdotool
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
QUIET := { grep -v -e 'D_REENTRANT' -e '^warning: ignoring' -e 'prohibited flag' || true; }
SCENE ?= home
ARGS ?=

.PHONY: run test build release deps test-deps bench clean

run: deps release
	.build/release/lumen --scene $(SCENE) $(ARGS)

test: deps test-deps
	@swift build --build-tests -q 2>&1 | $(QUIET)
	xvfb-run -a -s "-screen 0 2560x1600x24" swift test --skip-build

build: deps
	swift build -q

release: deps
	@swift build -c release -q 2>&1 | $(QUIET)
	@test -x .build/release/lumen

bench: deps release
	.build/release/lumen bench --scene cards --size 1280x800 --frames 300

deps:
	@scripts/ensure-packages $(BUILD_PACKAGES)

test-deps:
	@scripts/ensure-packages $(TEST_PACKAGES)

clean:
	swift package clean
