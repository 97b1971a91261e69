# BarFrames: two commands on a fresh Debian 12 machine with Swift installed.
#   make demo   — install what is missing, build in release mode, render Examples/ into ./frames
#   make test   — install what is missing, build and run the whole test suite
#   make fuzz   — build the libFuzzer targets with AddressSanitizer and run each FUZZ_SECONDS (60)
#   make asan   — the image formats' unit tests built and run with AddressSanitizer (.build-asan)
#   make docs   — the API reference of the public modules as a static HTML site in ./docs-site

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
FRAMES ?= frames
# Debian packages the build and the renderer need: Cairo's, FreeType's, libwebp's and libdeflate's headers (the
# pinned font, Inter, is compiled in from Vendor/Fonts).
APT_PACKAGES = libcairo2-dev libfreetype-dev libwebp-dev libdeflate-dev

FUZZ_SECONDS ?= 60

DOCS ?= docs-site

.PHONY: docs demo test deps test-deps test-tools build clean portability outside-package fuzz fuzz-merge asan

deps:
	@missing=""; \
	pkg-config --exists cairo 2>/dev/null || missing="$$missing libcairo2-dev"; \
	pkg-config --exists freetype2 2>/dev/null || missing="$$missing libfreetype-dev"; \
	pkg-config --exists libwebpmux libwebpdemux 2>/dev/null || missing="$$missing libwebp-dev"; \
	pkg-config --exists libdeflate 2>/dev/null || missing="$$missing libdeflate-dev"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
	  else echo "error: missing Debian packages:$$missing (run: apt-get install -y$$missing as root)" >&2; exit 1; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null \
	    || { echo "error: could not install$$missing" >&2; exit 1; }; \
	fi

# What the test suite and the fuzz targets link besides the renderer's libraries: giflib, the
# reference decoder of our GIFs (CGIF), and libpng's headers (CBarFramesOracles; Cairo's headers
# bring them on Debian). Required, not best effort: they are built with the tests. `make demo`
# builds only `barframes`, which needs neither.
test-deps: deps
	@missing=""; \
	pkg-config --exists libgif 2>/dev/null || missing="$$missing libgif-dev"; \
	pkg-config --exists libpng 2>/dev/null || missing="$$missing libpng-dev"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
	  else echo "error: missing Debian packages:$$missing (run: apt-get install -y$$missing as root)" >&2; exit 1; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null \
	    || { echo "error: could not install$$missing" >&2; exit 1; }; \
	fi

# The independent tools the test suite cross-checks against: librsvg and Chromium draw our SVG,
# xmllint reads it, ffprobe decodes our APNG and GIF; chromium-driver and Python selenium drive
# the gallery's player and the preview server in headless Chromium, and WebKitGTK's
# WebKitWebDriver (Safari's engine; its MiniBrowser runs on an Xvfb display) the player and the
# animated SVGs in WebKit; Node checks the player's
# script's syntax; PyYAML reads the CI examples in Examples/ci. Best effort: a test whose tool
# could not be installed shows as skipped, never as passed.
test-tools:
	@missing=""; \
	command -v rsvg-convert >/dev/null 2>&1 || missing="$$missing librsvg2-bin"; \
	command -v xmllint >/dev/null 2>&1 || missing="$$missing libxml2-utils"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null 2>&1 || missing="$$missing chromium-driver"; \
	command -v WebKitWebDriver >/dev/null 2>&1 || missing="$$missing webkit2gtk-driver"; \
	command -v Xvfb >/dev/null 2>&1 || missing="$$missing xvfb"; \
	python3 -c 'import selenium' >/dev/null 2>&1 || /usr/bin/python3 -c 'import selenium' >/dev/null 2>&1 || missing="$$missing python3-selenium"; \
	python3 -c 'import yaml' >/dev/null 2>&1 || /usr/bin/python3 -c 'import yaml' >/dev/null 2>&1 || missing="$$missing python3-yaml"; \
	command -v ffprobe >/dev/null 2>&1 || missing="$$missing ffmpeg"; \
	command -v node >/dev/null 2>&1 || command -v nodejs >/dev/null 2>&1 || missing="$$missing nodejs"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; else SUDO=none; fi; \
	  if [ "$$SUDO" = none ]; then echo "note: not installing$$missing (not root); their cross-checks will be skipped"; \
	  else echo "Installing test tools:$$missing"; \
	    { $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; } \
	      || echo "note: could not install$$missing; their cross-checks will be skipped"; fi; \
	fi; \
	if ! python3 -c 'import selenium' >/dev/null 2>&1 && ! /usr/bin/python3 -c 'import selenium' >/dev/null 2>&1; then \
	  python3 -m pip install -q selenium >/dev/null 2>&1 \
	    || echo "note: Python selenium is not installed; the browser tests of the player will be skipped"; \
	fi

build: deps
	$(SWIFT) build -c release --product barframes

demo: build
	"$$($(SWIFT) build -c release --show-bin-path)/barframes" render Examples -o "$(FRAMES)" --format all
	@echo "Results: $(FRAMES)/index.html"

# The DocC catalogs' modules as one static site (scripts/build-docs.sh); DOCS names the folder,
# BASE_PATH the URL path it is served under when not the server's root.
docs: deps
	SWIFT="$(SWIFT)" DOCS="$(DOCS)" scripts/build-docs.sh

# After the tests, the DocC catalogs' targets are documented with warnings as errors
# (scripts/check-docs.sh).
test: deps test-deps test-tools
	$(SWIFT) build --build-tests
	SWIFT="$(SWIFT)" scripts/run-tests.sh
	SWIFT="$(SWIFT)" scripts/check-docs.sh

clean:
	rm -rf .build .build-fuzz .build-asan "$(FRAMES)" "$(DOCS)"

# The image-format module's unit tests under AddressSanitizer: its encoders and decoders index
# buffers by hand (C kernels included). Its own scratch path, so the ordinary build is untouched.
asan: deps test-deps
	SWIFT="$(SWIFT)" scripts/asan.sh

# Coverage-guided fuzzing of the JSON reader, scenes and styles, timing probes and icon images,
# and round trips of our encoders and decoders through reference decoders (libwebp, zlib,
# giflib, libpng) (Sources/BarFramesFuzzing; Fuzz/README.md). Seeds come from Fuzz/Corpus, new
# inputs go to .build-fuzz/corpus; a crash or broken property fails and prints the reproducer's path.
fuzz: deps test-deps
	SWIFT="$(SWIFT)" FUZZ_SECONDS="$(FUZZ_SECONDS)" scripts/fuzz.sh $(FUZZ_TARGETS)

# Adds to Fuzz/Corpus only the inputs of the last runs that reach new code.
fuzz-merge: deps test-deps
	SWIFT="$(SWIFT)" scripts/fuzz.sh --merge $(FUZZ_TARGETS)

# Run the same release binary against Debian 13's libraries in a debootstrap root and compare its
# goldens and SVG previews with the host's (docs/portability.md; needs root, takes a few minutes
# the first time). PORTABILITY_ARGS passes options, e.g. PORTABILITY_ARGS="--rev HEAD".
# A package outside this checkout adds the ring design from the DocC article, renders it with its
# own tool and golden-tests it: the "Adding your own design" promise, checked as a user meets it.
outside-package: deps
	SWIFT="$(SWIFT)" scripts/outside-package.sh

portability: deps
	SWIFT="$(SWIFT)" scripts/golden-portability.sh $(PORTABILITY_ARGS)
