# make              build pdfbind (debug), installing libqpdf-dev first if it is missing
# make run ARGS=…   build and run pdfbind with ARGS (e.g. ARGS="get Fixtures/right-edge.pdf")
# make test         run every test; installs libqpdf-dev, nettle-dev and the independent readers
#                   the tests judge results with (qpdf, poppler-utils, mupdf-tools, ghostscript,
#                   pikepdf, pyHanko, pypdfium2) when missing; builds the .deb first (make deb),
#                   which the package's tests install into a scratch root; the tests run the
#                   release binary, in four processes at once (Tests/run-tests.sh)
# make release      optimized build with the Swift runtime linked in (fastest start-up)
# make docs         man page, bash/zsh/fish completions and the libraries' DocC documentation
#                   (PDFBindCore.doccarchive, PDFBindPages.doccarchive, static HTML) into .build/docs
# make manual       only the man page and the completions (what make deb installs)
# make deb          Debian package pdfbind_VERSION_ARCH.deb from the release build, the man page
#                   and the completions (packaging/), then checked by lintian (no error allowed)
# make install      release build, man page and shell completions under $(DESTDIR)$(PREFIX)
# make uninstall    remove what install put there
# make lint         swift format lint; the C libraries imported (or loaded) only where they belong;
#                   the API tests and Snippets/ use PDFBindCore's public API only
# make bench        speed and memory report, then suggest's labelled set (bench/suggest/), then
#                   review over 1,000 and 5,000 books (bench/review/), then first and
#                   second runs with the cache of decisions (bench/cache/);
#                   BEFORE=REV also times REV's start-up and set side by side and counts
#                   both builds' instructions (callgrind)
# make bench-sweep  suggest over every PDF of pdf.js's, PDFium's, poppler's, qpdf's, pdfcpu's and
#                   PDFBox's test suites, pypdf's sample files and ../shared/corpus: all
#                   answered, none past its deadline, under 1 GiB (bench/sweep/)
# make bench-transformed  the real-page books (bench/suggest/real/) again as libraries keep
#                   scans: half the pixels, JPEG quality 25, greyscale, bilevel, askew, inside a
#                   scanner's border, fitted into 640 and 480 pixels as access copies; no wrong
#                   decision or layout allowed on any of them
# make fuzz         coverage-guided fuzzing (libFuzzer, AddressSanitizer) of the byte-level readers,
#                   then of the updates set plans; FUZZ_TIME seconds each (see README)
# make fuzz-properties  long property-based run of the byte-level scanners and the update builder
# make clean        remove build output

PREFIX  ?= /usr/local
SWIFT   ?= swift
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# libsqlite3-dev: the cache of decisions (PDFBindCache, through GRDB).
APT_BUILD_PACKAGES := libqpdf-dev nettle-dev pkg-config libsqlite3-dev
# GNU parallel: the test that spreads suggest and set --auto over job slots, as the README shows.
# sqlite3: the cache tests hold the cache's write lock from another process.
# jbig2dec: pikepdf decodes with it the JBIG2 scans of the real-page bench (bench/suggest/real),
# which make bench builds.
APT_TEST_PACKAGES := qpdf poppler-utils mupdf-tools ghostscript xfsprogs parallel sqlite3 git \
  jbig2dec
# preview and suggest load these at run time (dlopen); nothing links them. The font is for
# preview's labels; Tesseract and its script data read the script in page pictures, and its
# English data the Latin words on pages of running text it reads as Latin with little confidence,
# its Hebrew data the Hebrew letters on pages it reads as Hebrew or Arabic with little, its Urdu
# data the Arabic-script letters on running text it reads upside down or sideways or as Arabic
# with little confidence (Nastaliq), its Syriac data the Syriac letters on pages it reads as
# Arabic with hardly any Arabic-script letters, its Georgian, Armenian, Myanmar and Tibetan data
# the letters of those scripts on pages it reads as an Indic script or Thai it is unsure of;
# libturbojpeg decodes the pages that are one JPEG scan (without it poppler draws them, slower).
APT_PREVIEW_PACKAGES := libpoppler-glib8 libcairo2 fonts-dejavu-core libtesseract5 \
  tesseract-ocr-osd tesseract-ocr-eng tesseract-ocr-heb tesseract-ocr-urd \
  tesseract-ocr-syr tesseract-ocr-kat tesseract-ocr-hye tesseract-ocr-mya tesseract-ocr-bod \
  libturbojpeg0
# review's browser tests drive Debian's chromium through its chromium-driver with Selenium
# (PyPI). Large, so a machine that cannot install them still runs every other test: the
# browser tests are then skipped and say why.
APT_BROWSER_PACKAGES := chromium chromium-driver
# make deb: dpkg-shlibdeps computes Depends; lintian checks the package.
APT_DEB_PACKAGES := dpkg-dev lintian
# Both programs: pdfbind and the cache's keeper it starts (pdfbind-cache, which alone links
# SQLite and GRDB).
RELEASE_FLAGS := -c release --static-swift-stdlib --scratch-path .build-release

.PHONY: all build deps test-deps browser-deps deb-deps run test release docs manual deb install \
  uninstall lint bench bench-suggest bench-review bench-cache bench-sweep bench-transformed fuzz fuzz-build fuzz-properties clean

all: build

apt-install = $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y $(1)

# Installs the Debian packages named in $(1) that are missing.
define apt-ensure
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  $(call apt-install,$$missing); fi
endef

deps:
	$(call apt-ensure,$(APT_BUILD_PACKAGES))

test-deps: deps
	$(call apt-ensure,$(APT_TEST_PACKAGES) $(APT_PREVIEW_PACKAGES))
	@python3 -c 'import pikepdf, pyhanko, pypdfium2, PIL, pypdf, img2pdf; \
	  assert int(pypdf.__version__.split(".")[0]) >= 5' 2>/dev/null || { \
	  python3 -m pip --version >/dev/null 2>&1 || { $(call apt-install,python3-pip); }; \
	  python3 -m pip install --quiet pikepdf pyhanko pypdfium2 Pillow 'pypdf>=5' img2pdf \
	  || python3 -m pip install --quiet --break-system-packages pikepdf pyhanko pypdfium2 Pillow \
	    'pypdf>=5' img2pdf; }

browser-deps:
	-$(call apt-ensure,$(APT_BROWSER_PACKAGES)) || echo "make: chromium and chromium-driver" \
	  "could not be installed; the browser tests will be skipped"
	-@python3 -c 'import selenium' 2>/dev/null || python3 -m pip install --quiet selenium \
	  || python3 -m pip install --quiet --break-system-packages selenium \
	  || echo "make: selenium could not be installed; the browser tests will be skipped"

build: deps
	$(SWIFT) build

run: build
	@$$($(SWIFT) build --show-bin-path)/pdfbind $(ARGS)

# The test bundle runs as several processes at once, each with a share of the suites
# (Tests/run-tests.sh says why); their logs stay in .build/test-logs. The tests run the release
# binary the package ships (PDFBIND_TEST_EXECUTABLE): it draws and reads pages several times
# faster than the debug build; swift test on its own runs the debug one.
test: test-deps browser-deps docs deb
	$(SWIFT) build --build-tests
	PDFBIND_TEST_EXECUTABLE="$(RELEASE_BIN)" \
	  Tests/run-tests.sh "$$($(SWIFT) build --show-bin-path)/pdfbindPackageTests.xctest"

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product pdfbind
	$(SWIFT) build $(RELEASE_FLAGS) --product pdfbind-cache

RELEASE_BIN = $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/pdfbind
DOCS := .build/docs

# The man page (swift-argument-parser's generate-manual plugin) and the bash, zsh and fish
# completions, all generated from the command definitions. The plugin copies a blank line
# between two paragraphs of a discussion as it is, which man(1) warns about; it becomes .Pp.
# Each file is replaced only when its text changed, so make deb sees what is new.
manual: build
	$(SWIFT) package plugin generate-manual --configuration debug
	@mkdir -p $(DOCS) && sed 's/^$$/.Pp/' .build/plugins/GenerateManual/outputs/pdfbind/pdfbind.1 \
	  > $(DOCS)/pdfbind.1.new && $(call replace-if-changed,$(DOCS)/pdfbind.1)
	@bin=$$($(SWIFT) build --show-bin-path)/pdfbind; \
	for shell in bash zsh fish; do \
	  $$bin --generate-completion-script $$shell > $(DOCS)/pdfbind.$$shell.new || exit 1; \
	  $(call replace-if-changed,$(DOCS)/pdfbind.$$shell); done

replace-if-changed = { cmp -s $(1).new $(1) && rm $(1).new || mv $(1).new $(1); }

# DocC runs again only when a source, a snippet (the catalog shows them) or the manifest is
# newer than the archive it made last.
DOCC_INPUTS := Package.swift Sources Snippets
DOCC_TARGETS := PDFBindCore PDFBindPages
docs: manual
	@if [ -d $(DOCS)/PDFBindPages.doccarchive ] && \
	  [ -z "$$(find $(DOCC_INPUTS) -newer $(DOCS)/PDFBindPages.doccarchive | head -1)" ]; then \
	  echo "make docs: $(DOCS)/*.doccarchive are up to date"; else \
	  $(SWIFT) package generate-documentation $(DOCC_TARGETS:%=--target %) --disable-indexing \
	    --transform-for-static-hosting && \
	  for target in $(DOCC_TARGETS); do \
	    rm -rf $(DOCS)/$$target.doccarchive && \
	    cp -R .build/plugins/Swift-DocC/outputs/$$target.doccarchive $(DOCS)/ || exit 1; done; fi

install: release docs
	install -D -m 0755 "$(RELEASE_BIN)" "$(DESTDIR)$(PREFIX)/bin/pdfbind"
	install -D -m 0755 "$(RELEASE_BIN)-cache" "$(DESTDIR)$(PREFIX)/libexec/pdfbind/pdfbind-cache"
	install -D -m 0644 $(DOCS)/pdfbind.1 "$(DESTDIR)$(PREFIX)/share/man/man1/pdfbind.1"
	install -D -m 0644 $(DOCS)/pdfbind.bash \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/pdfbind"
	install -D -m 0644 $(DOCS)/pdfbind.zsh "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_pdfbind"
	install -D -m 0644 $(DOCS)/pdfbind.fish \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/pdfbind.fish"

deb-deps:
	$(call apt-ensure,$(APT_DEB_PACKAGES))

# pdfbind_VERSION_ARCH.deb in this folder: packaging/build-deb.sh stages it in .build-deb.
# lintian's warnings are printed (README says why each one left stays); an error fails.
# Made again only when the release binary, the man page, a completion or packaging/ is newer
# than the package lintian passed last (.build/deb-checked names it).
DEB_CHECKED := .build/deb-checked
deb: release manual deb-deps
	@bin="$(RELEASE_BIN)"; \
	if [ -f $(DEB_CHECKED) ] && [ -f "$$(cat $(DEB_CHECKED))" ] && [ -z "$$(find "$$bin" "$$bin-cache" \
	    $(DOCS)/pdfbind.1 $(DOCS)/pdfbind.bash $(DOCS)/pdfbind.zsh $(DOCS)/pdfbind.fish \
	    packaging -newer $(DEB_CHECKED) | head -1)" ]; then \
	  echo "make deb: $$(cat $(DEB_CHECKED)) is up to date"; else \
	  rm -f $(DEB_CHECKED) && deb=$$(packaging/build-deb.sh "$$bin" $(DOCS)) && \
	  echo "make deb: $$deb" && lintian --fail-on error "$$deb" && echo "$$deb" > $(DEB_CHECKED); fi

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/pdfbind" "$(DESTDIR)$(PREFIX)/libexec/pdfbind/pdfbind-cache" \
	  "$(DESTDIR)$(PREFIX)/share/man/man1/pdfbind.1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/pdfbind" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_pdfbind" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/pdfbind.fish"
	-rmdir "$(DESTDIR)$(PREFIX)/libexec/pdfbind"

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Snippets
	@! grep -rn '@testable' Tests/PDFBindAPITests Snippets \
	  || { echo "the library's API tests and examples use its public API only"; exit 1; }
	@! grep -rnE '^\s*(@_implementationOnly |internal |public |package )?import CQPDF' Sources Tests \
	  | grep -v '^Sources/PDFBindCore/QPDF/' || { echo "CQPDF imported outside PDFBindCore/QPDF"; exit 1; }
	@! grep -rnE '^\s*(@_implementationOnly |internal |public |package )?import CNettle' Sources Tests \
	  | grep -v '^Sources/PDFBindCore/Encryption/Ciphers.swift' \
	  || { echo "CNettle imported outside PDFBindCore/Encryption/Ciphers.swift"; exit 1; }
	@! grep -rnE '^\s*(@_implementationOnly |internal |public |package )?import CZlib' Sources Tests \
	  | grep -v '^Sources/PDFBindCore/Syntax/StreamFilters.swift' \
	  || { echo "CZlib imported outside PDFBindCore/Syntax/StreamFilters.swift"; exit 1; }
	@! grep -rnE '^\s*(@_implementationOnly |internal |public |package )?import GRDB' Sources Tests \
	  | grep -v '^Sources/PDFBindCache/' \
	  || { echo "GRDB imported outside PDFBindCache (PDFBindCore links no SQLite)"; exit 1; }
	@! grep -rnE 'dlopen|dlsym' Sources Tests | grep -v '^Sources/PDFBindPages/RuntimeLoader.swift:' \
	  | grep -v '^Sources/PDFBindPages/Poppler/PopplerLibrary.swift:' \
	  | grep -v '^Sources/PDFBindPages/Tesseract/TesseractLibrary.swift:' \
	  | grep -v '^Sources/PDFBindPages/Scans/TurboJPEGLibrary.swift:' \
	  || { echo "a library loaded outside PDFBindPages/RuntimeLoader.swift (dlopen, dlsym) and" \
	    "the loaders that use it: PDFBindPages/Poppler/PopplerLibrary.swift," \
	    "PDFBindPages/Tesseract/TesseractLibrary.swift and PDFBindPages/Scans/TurboJPEGLibrary.swift"; \
	    exit 1; }

# BEFORE=REV also builds REV's release binary (in .build-before) and times its start-up and
# set side by side with this build's, instructions (callgrind) beside the wall clock. Every
# step runs; a goal missed in any of them makes the whole fail at the end.
bench: release test-deps browser-deps
	@if [ -n "$(BEFORE)" ]; then \
	  rm -rf .build-before/src && mkdir -p .build-before && git worktree prune && \
	  git worktree add --detach .build-before/src $(BEFORE) >/dev/null && \
	  (cd .build-before/src && $(SWIFT) build -c release --static-swift-stdlib \
	    --scratch-path ../release --product pdfbind) && \
	  git worktree remove --force .build-before/src; fi
	status=0; \
	BEFORE_BIN=$$([ -n "$(BEFORE)" ] && echo $(CURDIR)/.build-before/release/release/pdfbind \
	  || echo "$$BEFORE_BIN") \
	  bench/run.sh "$(RELEASE_BIN)" || status=1; \
	bench/suggest/run.sh "$(RELEASE_BIN)" || status=1; \
	bench/review/run.sh "$(RELEASE_BIN)" || status=1; \
	bench/cache/run.sh "$(RELEASE_BIN)" || status=1; \
	exit $$status

# Only the review step of make bench: 1,000 books/s written, the 5,000-book page's opening.
bench-review: release browser-deps
	bench/review/run.sh "$(RELEASE_BIN)"

# Only the cache step of make bench: first and second suggest -r and review -r over 1,000 books.
bench-cache: release
	bench/cache/run.sh "$(RELEASE_BIN)"

# Only the suggest step of make bench: labelled set, confusion table, goals, speed.
# The sweep of issue 41 over the test suites bench/sweep/extract.sh writes into SWEEP_DIR, and
# ../shared/corpus (bench/sweep/README.md).
SWEEP_DIR ?= .build/sweep-pdfs
bench-sweep: release
	bench/sweep/extract.sh "$(SWEEP_DIR)"
	python3 bench/sweep/sweep.py "$(RELEASE_BIN)" .build/bench-sweep $(SWEEP_DIR)/* ../shared/corpus

bench-suggest: release test-deps
	bench/suggest/run.sh "$(RELEASE_BIN)"

# The books make bench's suggest step made, or made here when it has not run.
REAL_BOOKS ?= /tmp/pdfbind-bench-suggest/real
bench-transformed: release test-deps
	[ -f "$(REAL_BOOKS)/labels.tsv" ] || python3 bench/suggest/real/make_books.py "$(REAL_BOOKS)"
	bench/suggest/real/transformed.sh "$(RELEASE_BIN)" "$(REAL_BOOKS)" .build/bench-transformed

# A million generated inputs per property (a tenth of that for the ciphers); the test run
# itself does a 2,000-input smoke run of the same properties. MUTANTS damaged corpus files
# go through one get and one set batch.
FUZZ_COUNT ?= 1000000
MUTANTS ?= 5000
fuzz-properties: deps
	$(SWIFT) build --build-tests
	PDFBIND_FUZZ_COUNT=$(FUZZ_COUNT) PDFBIND_MUTANTS=$(MUTANTS) \
	  $(SWIFT) test --skip-build --filter "FuzzTests|MutatedCorpusTests"

# libFuzzer through Swift's -sanitize=fuzzer,address: the harness (Sources/PDFBindFuzz, a target
# only when PDFBIND_FUZZ is set) in its own build folder, optimized (ten times the executions of
# a debug build). The seeds are the fixtures and ../shared/corpus files up to FUZZ_MAX_LEN bytes,
# copied to a scratch folder; the corpus each target grows stays in .build-fuzz between runs.
# Fuzz/regressions/ replays first through both targets. A crash, leak or timeout stops a target
# and leaves its input in .build-fuzz/artifacts/; disagreements that need not stop the run go
# to .build-fuzz/findings/.
FUZZ_TIME ?= 600
FUZZ_MAX_LEN ?= 8192
FUZZ_CORPUS ?= ../shared/corpus
FUZZ_DIR := .build-fuzz
# Two things lose the fuzzer's coverage counters with Swift 6.3.1 (libFuzzer then reports 3 of
# them and fuzzes blind): whole-module optimization, hence file by file; and SwiftPM's
# `--sanitize=fuzzer --sanitize=address`, which becomes two -sanitize flags in an order that
# varies from run to run, the last one winning; hence one -sanitize=fuzzer,address after
# SwiftPM's --sanitize=fuzzer (which is still needed: it links libFuzzer's main).
FUZZ_BUILD := PDFBIND_FUZZ=1 $(SWIFT) build -c release --sanitize=fuzzer \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -no-whole-module-optimization \
  --scratch-path $(FUZZ_DIR) --product PDFBindFuzz
# Allocation stacks off and a small quarantine: Swift allocates often, and recording a stack
# for each allocation took most of the time. Swift's own backtracer would hold the pipe open
# after a crash.
FUZZ_ENV := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=malloc_context_size=0:quarantine_size_mb=8
FUZZ_FLAGS = -dict=Fuzz/pdf.dict -max_len=$(FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1

fuzz-build: deps
	$(FUZZ_BUILD)

fuzz: fuzz-build
	@rm -rf $(FUZZ_DIR)/seeds && mkdir -p $(FUZZ_DIR)/seeds $(FUZZ_DIR)/artifacts \
	  $(FUZZ_DIR)/corpus-reader $(FUZZ_DIR)/corpus-update
	@find Fixtures $(wildcard $(FUZZ_CORPUS)) -name '*.pdf' -size -$(FUZZ_MAX_LEN)c \
	  -exec cp {} $(FUZZ_DIR)/seeds/ \;
	@echo "make fuzz: $$(ls $(FUZZ_DIR)/seeds | wc -l) seeds"
	@bin=$$($(FUZZ_BUILD) --show-bin-path)/PDFBindFuzz; \
	for target in reader update; do \
	  $(FUZZ_ENV) PDFBIND_FUZZ_TARGET=$$target $$bin Fuzz/regressions/* \
	    > $(FUZZ_DIR)/$$target-regressions.log 2>&1 \
	    || { cat $(FUZZ_DIR)/$$target-regressions.log; exit 1; }; \
	  echo "make fuzz: $$target for $(FUZZ_TIME) s, log in $(FUZZ_DIR)/$$target.log"; \
	  $(FUZZ_ENV) PDFBIND_FUZZ_TARGET=$$target $$bin $(FUZZ_DIR)/corpus-$$target $(FUZZ_DIR)/seeds \
	    $(FUZZ_FLAGS) -max_total_time=$(FUZZ_TIME) \
	    -artifact_prefix=$(FUZZ_DIR)/artifacts/$$target- > $(FUZZ_DIR)/$$target.log 2>&1; \
	  status=$$?; \
	  grep -aE '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::|finding|invariant|ERROR|SUMMARY' $(FUZZ_DIR)/$$target.log; \
	  [ $$status -eq 0 ] || exit 1; \
	done

clean:
	rm -rf .build .build-release .build-fuzz .build-deb pdfbind_*.deb
