# make              build pdfbind (debug), installing libqpdf-dev first if it is missing
# make run ARGS=…   build and run pdfbind with ARGS (e.g. ARGS="get Fixtures/right-edge.pdf")
# make test         run every test; installs libqpdf-dev and the independent readers the tests
#                   judge results with (qpdf, poppler-utils, mupdf-tools, pikepdf) when missing
# make release      optimized build with the Swift runtime linked in (fastest start-up)
# make install      release build, man page and shell completions under $(DESTDIR)$(PREFIX)
# make uninstall    remove what install put there
# make lint         swift format lint, and no CQPDF import outside PDFBindCore/QPDF
# make bench        speed and memory report (not a test; see bench/README.md)
# make fuzz         long property-based run of the byte-level scanners and the update builder
# make clean        remove build output

PREFIX  ?= /usr/local
SWIFT   ?= swift
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_TEST_PACKAGES := qpdf poppler-utils mupdf-tools
RELEASE_FLAGS := -c release --static-swift-stdlib --scratch-path .build-release

.PHONY: all build deps test-deps run test release install uninstall lint bench fuzz clean

all: build

deps:
	@dpkg-query -W -f='$${Status}' libqpdf-dev 2>/dev/null | grep -q 'ok installed' || \
	  { $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y libqpdf-dev; }

test-deps: deps
	@missing=""; for p in $(APT_TEST_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; fi
	@python3 -c 'import pikepdf' 2>/dev/null || python3 -m pip install --quiet pikepdf

build: deps
	$(SWIFT) build

run: build
	@$$($(SWIFT) build --show-bin-path)/pdfbind $(ARGS)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

install: release
	install -D -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/pdfbind" \
	  "$(DESTDIR)$(PREFIX)/bin/pdfbind"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/pdfbind"

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests
	@! grep -rnE '^\s*(@_implementationOnly |internal |public |package )?import CQPDF' Sources Tests \
	  | grep -v '^Sources/PDFBindCore/QPDF/' || { echo "CQPDF imported outside PDFBindCore/QPDF"; exit 1; }

bench: release
	bench/run.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/pdfbind"

clean:
	rm -rf .build .build-release
