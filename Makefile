# Simon cabinet: build and install simond, simonctl and the systemd service.
#
#   make                         release binaries (Swift standard library linked in)
#   sudo make install            into PREFIX (/usr/local), then creates the user, reloads
#                                udev and systemd; enable with
#                                  sudo systemctl enable --now simond
#   sudo make uninstall          removes what install put there (keeps the scores, the
#                                user and a changed simond.toml)
#   make venue                   the venue bridge, simon-venue (optional)
#   sudo make install-venue      it, its unit and user, and /etc/simon-cabinet/venue.toml
#   make screen                  the cabinet screen, simon-web, from the Swift package in
#                                SCREEN_DIR (Screen/)
#   sudo make install-screen     it, its page assets, its unit and the kiosk's, their users
#   sudo make uninstall-venue, uninstall-screen
#   make deb                     the Debian packages for this machine's architecture
#                                (simon-cabinet and the optional ones: scripts/build-deb)
#   sudo make deb-arm64          the arm64 package for Raspberry Pi OS trixie, cross-built
#                                on an x86-64 Debian machine (scripts/build-deb --arch arm64)
#
# Variables: PREFIX, DESTDIR (staged installs: nothing is run then), SWIFT, SWIFT_FLAGS
# (e.g. --swift-sdk for a cross build), BUILD_BIN (where the binaries are), STRIP,
# SYSTEMD_UNIT_DIR, SYSUSERS_DIR, UDEV_RULES_DIR, SYSCONFDIR; SCREEN_DIR and
# SCREEN_BUILD_BIN for the screen.
# simond reads /etc/simon-cabinet/simond.toml by default, so SYSCONFDIR stays /etc
# unless simond is given --config.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DOCDIR ?= $(PREFIX)/share/doc/simon-cabinet
MANDIR ?= $(PREFIX)/share/man
SYSCONFDIR ?= /etc
CONFIG_DIR := $(SYSCONFDIR)/simon-cabinet

# /usr installs go where this distribution keeps them (/lib/systemd/system on Debian 12,
# /usr/lib/systemd/system on 13); others under PREFIX/lib, which systemd, sysusers and
# udev read for PREFIX=/usr/local (/usr/local/lib/systemd/system, .../sysusers.d,
# .../udev/rules.d). Another PREFIX needs these three set to directories they read.
ifeq ($(PREFIX),/usr)
SYSTEMD_UNIT_DIR ?= $(or $(shell pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null),/usr/lib/systemd/system)
SYSUSERS_DIR ?= $(or $(shell pkg-config --variable=sysusersdir systemd 2>/dev/null),/usr/lib/sysusers.d)
UDEV_RULES_DIR ?= $(if $(filter /lib/%,$(SYSTEMD_UNIT_DIR)),/lib/udev/rules.d,/usr/lib/udev/rules.d)
else
SYSTEMD_UNIT_DIR ?= $(PREFIX)/lib/systemd/system
SYSUSERS_DIR ?= $(PREFIX)/lib/sysusers.d
UDEV_RULES_DIR ?= $(PREFIX)/lib/udev/rules.d
endif

SWIFT ?= swift
SWIFT_FLAGS ?=
SWIFT_BUILD := $(SWIFT) build -c release --static-swift-stdlib $(SWIFT_FLAGS)
BUILD_BIN ?= .build/release
STRIP ?= strip
INSTALL ?= install

PRODUCTS := simond simonctl
UNIT := simond.service

# The optional parts, each in a Debian package of its own: the venue bridge (a product of
# this package) and the cabinet screen (a Swift package of its own, so that simond never
# links SwiftNIO), with the kiosk that shows it.
VENUE_UNIT := simon-venue.service
SCREEN_DIR ?= Screen
SCREEN_BUILD_BIN ?= $(SCREEN_DIR)/.build/release
SCREEN_ASSETS_DIR ?= $(PREFIX)/share/simon-cabinet/screen
# The kiosk's helper (simon-kiosk-session), which its unit runs cage under.
KIOSK_LIB_DIR ?= $(PREFIX)/lib/simon-cabinet
SCREEN_UNITS := simon-web.service simon-kiosk.service

.PHONY: all build install install-files post-install uninstall deb deb-arm64 check-systemd clean help \
  venue install-venue install-venue-files uninstall-venue \
  screen install-screen install-screen-files uninstall-screen

all: build

help:
	@sed -n '3,26p' Makefile | sed 's/^# \{0,1\}//'

# Always asks SwiftPM, which rebuilds only what changed.
build:
	$(SWIFT_BUILD) --product simond
	$(SWIFT_BUILD) --product simonctl

# `sudo make install` after `make`: the binaries are not rebuilt (root may have no
# Swift on its PATH); a fresh tree builds them first.
$(BUILD_BIN)/simond $(BUILD_BIN)/simonctl:
	$(SWIFT_BUILD) --product $(notdir $@)

install: post-install

install-files: $(addprefix $(BUILD_BIN)/,$(PRODUCTS))
	$(INSTALL) -d $(DESTDIR)$(BINDIR)
	for p in $(PRODUCTS); do \
	  $(INSTALL) -m 0755 $(BUILD_BIN)/$$p $(DESTDIR)$(BINDIR)/$$p && \
	  $(STRIP) --strip-unneeded --remove-section=.comment --remove-section=.note \
	    $(DESTDIR)$(BINDIR)/$$p || exit 1; \
	done
	@# Manual pages from --help, where help2man is installed and the binaries run here
	@# (not after a cross build).
	if command -v help2man >/dev/null && $(BUILD_BIN)/simond --version >/dev/null 2>&1; then \
	  $(INSTALL) -d $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(MANDIR)/man1 && \
	  help2man -N -s 8 -n "the Simon cabinet daemon" $(BUILD_BIN)/simond \
	    | gzip -9n > $(DESTDIR)$(MANDIR)/man8/simond.8.gz && \
	  help2man -N -s 1 -n "manage a Simon cabinet" $(BUILD_BIN)/simonctl \
	    | gzip -9n > $(DESTDIR)$(MANDIR)/man1/simonctl.1.gz && \
	  chmod 0644 $(DESTDIR)$(MANDIR)/man8/simond.8.gz $(DESTDIR)$(MANDIR)/man1/simonctl.1.gz; \
	fi
	$(INSTALL) -d $(DESTDIR)$(SYSTEMD_UNIT_DIR)
	sed 's#/usr/local/bin/simond#$(BINDIR)/simond#' systemd/$(UNIT) > $(DESTDIR)$(SYSTEMD_UNIT_DIR)/$(UNIT)
	chmod 0644 $(DESTDIR)$(SYSTEMD_UNIT_DIR)/$(UNIT)
	$(INSTALL) -d $(DESTDIR)$(SYSUSERS_DIR)
	$(INSTALL) -m 0644 systemd/simon-cabinet.sysusers $(DESTDIR)$(SYSUSERS_DIR)/simon-cabinet.conf
	$(INSTALL) -d $(DESTDIR)$(UDEV_RULES_DIR)
	$(INSTALL) -m 0644 systemd/60-simon-cabinet-gpio.rules $(DESTDIR)$(UDEV_RULES_DIR)/
	$(INSTALL) -d $(DESTDIR)$(CONFIG_DIR)
	@if [ -e $(DESTDIR)$(CONFIG_DIR)/simond.toml ]; then \
	  echo "keeping $(CONFIG_DIR)/simond.toml; the shipped one is $(DOCDIR)/simond.toml"; \
	else \
	  echo "$(INSTALL) -m 0644 systemd/simond.toml $(DESTDIR)$(CONFIG_DIR)/simond.toml"; \
	  $(INSTALL) -m 0644 systemd/simond.toml $(DESTDIR)$(CONFIG_DIR)/simond.toml; \
	fi
	$(INSTALL) -d $(DESTDIR)$(DOCDIR)/examples
	$(INSTALL) -m 0644 systemd/simond.toml $(DESTDIR)$(DOCDIR)/simond.toml
	$(INSTALL) -m 0644 wiring/README.md $(DESTDIR)$(DOCDIR)/wiring.md
	$(INSTALL) -m 0644 wiring/diagram.svg $(DESTDIR)$(DOCDIR)/
	$(INSTALL) -m 0644 wiring/examples/*.toml wiring/examples/mosquitto-venue.* $(DESTDIR)$(DOCDIR)/examples/
	if [ -f README.md ]; then $(INSTALL) -m 0644 README.md $(DESTDIR)$(DOCDIR)/; fi
	if [ -d docs ]; then $(INSTALL) -d $(DESTDIR)$(DOCDIR)/docs && \
	  $(INSTALL) -m 0644 docs/*.md $(DESTDIR)$(DOCDIR)/docs/; fi

# On the running system only (no DESTDIR): the user and groups, the udev rule for the
# chips already there, systemd's view of the new unit.
post-install: install-files
ifeq ($(DESTDIR),)
	systemd-sysusers $(SYSUSERS_DIR)/simon-cabinet.conf
	if [ -d /run/udev ] && command -v udevadm >/dev/null; then \
	  udevadm control --reload-rules && udevadm trigger --subsystem-match=gpio --action=add; \
	fi
	if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
	@echo
	@echo "Installed. Start the game now and at every boot:  sudo systemctl enable --now simond"
	@echo "Then:  systemctl status simond   journalctl -u simond -f"
endif

uninstall:
ifeq ($(DESTDIR),)
	-if [ -d /run/systemd/system ]; then systemctl disable --now $(UNIT); fi
endif
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(PRODUCTS))
	rm -f $(DESTDIR)$(MANDIR)/man8/simond.8.gz $(DESTDIR)$(MANDIR)/man1/simonctl.1.gz
	rm -f $(DESTDIR)$(SYSTEMD_UNIT_DIR)/$(UNIT)
	rm -f $(DESTDIR)$(SYSUSERS_DIR)/simon-cabinet.conf
	rm -f $(DESTDIR)$(UDEV_RULES_DIR)/60-simon-cabinet-gpio.rules
	@if cmp -s systemd/simond.toml $(DESTDIR)$(CONFIG_DIR)/simond.toml; then \
	  echo "rm -f $(CONFIG_DIR)/simond.toml"; rm -f $(DESTDIR)$(CONFIG_DIR)/simond.toml; \
	  rmdir $(DESTDIR)$(CONFIG_DIR) 2>/dev/null || true; \
	elif [ -e $(DESTDIR)$(CONFIG_DIR)/simond.toml ]; then \
	  echo "keeping $(CONFIG_DIR)/simond.toml (changed)"; \
	fi
	rm -rf $(DESTDIR)$(DOCDIR)
ifeq ($(DESTDIR),)
	-if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
	-if [ -d /run/udev ] && command -v udevadm >/dev/null; then udevadm control --reload-rules; fi
	@echo "Kept: the scores in /var/lib/simon-cabinet and the user simon."
endif

# --- The venue bridge -------------------------------------------------------------------
venue:
	$(SWIFT_BUILD) --product simon-venue

$(BUILD_BIN)/simon-venue:
	$(SWIFT_BUILD) --product simon-venue

install-venue-files: $(BUILD_BIN)/simon-venue
	$(INSTALL) -d $(DESTDIR)$(BINDIR)
	$(INSTALL) -m 0755 $(BUILD_BIN)/simon-venue $(DESTDIR)$(BINDIR)/simon-venue
	$(STRIP) --strip-unneeded --remove-section=.comment --remove-section=.note \
	  $(DESTDIR)$(BINDIR)/simon-venue
	if command -v help2man >/dev/null && $(BUILD_BIN)/simon-venue --version >/dev/null 2>&1; then \
	  $(INSTALL) -d $(DESTDIR)$(MANDIR)/man8 && \
	  help2man -N -s 8 -n "the Simon cabinet's venue bridge (MQTT)" $(BUILD_BIN)/simon-venue \
	    | gzip -9n > $(DESTDIR)$(MANDIR)/man8/simon-venue.8.gz && \
	  chmod 0644 $(DESTDIR)$(MANDIR)/man8/simon-venue.8.gz; \
	fi
	$(INSTALL) -d $(DESTDIR)$(SYSTEMD_UNIT_DIR) $(DESTDIR)$(SYSUSERS_DIR) $(DESTDIR)$(CONFIG_DIR)
	sed 's#/usr/local/bin/#$(BINDIR)/#' systemd/$(VENUE_UNIT) > $(DESTDIR)$(SYSTEMD_UNIT_DIR)/$(VENUE_UNIT)
	chmod 0644 $(DESTDIR)$(SYSTEMD_UNIT_DIR)/$(VENUE_UNIT)
	$(INSTALL) -m 0644 systemd/simon-venue.sysusers $(DESTDIR)$(SYSUSERS_DIR)/simon-venue.conf
	@if [ -e $(DESTDIR)$(CONFIG_DIR)/venue.toml ]; then \
	  echo "keeping $(CONFIG_DIR)/venue.toml"; \
	else \
	  echo "$(INSTALL) -m 0644 wiring/examples/venue.toml $(DESTDIR)$(CONFIG_DIR)/venue.toml"; \
	  $(INSTALL) -m 0644 wiring/examples/venue.toml $(DESTDIR)$(CONFIG_DIR)/venue.toml; \
	fi

install-venue: install-venue-files
ifeq ($(DESTDIR),)
	systemd-sysusers $(SYSUSERS_DIR)/simon-cabinet.conf $(SYSUSERS_DIR)/simon-venue.conf
	if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
	@echo
	@echo "Installed. Edit $(CONFIG_DIR)/venue.toml (simon-venue --check), then:"
	@echo "  sudo systemctl enable --now simon-venue"
endif

uninstall-venue:
ifeq ($(DESTDIR),)
	-if [ -d /run/systemd/system ]; then systemctl disable --now $(VENUE_UNIT); fi
endif
	rm -f $(DESTDIR)$(BINDIR)/simon-venue $(DESTDIR)$(MANDIR)/man8/simon-venue.8.gz
	rm -f $(DESTDIR)$(SYSTEMD_UNIT_DIR)/$(VENUE_UNIT) $(DESTDIR)$(SYSUSERS_DIR)/simon-venue.conf
	@if cmp -s wiring/examples/venue.toml $(DESTDIR)$(CONFIG_DIR)/venue.toml; then \
	  echo "rm -f $(CONFIG_DIR)/venue.toml"; rm -f $(DESTDIR)$(CONFIG_DIR)/venue.toml; \
	elif [ -e $(DESTDIR)$(CONFIG_DIR)/venue.toml ]; then \
	  echo "keeping $(CONFIG_DIR)/venue.toml (changed)"; \
	fi
ifeq ($(DESTDIR),)
	-if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
endif

# --- The cabinet screen and the kiosk -----------------------------------------------------
# simon-web is built from its own package; its page (SCREEN_DIR/Public) is installed
# beside it, and the unit names where (--assets).
screen:
	@test -f $(SCREEN_DIR)/Package.swift \
	  || { echo "no screen package: $(SCREEN_DIR)/Package.swift is missing (SCREEN_DIR=)"; exit 1; }
	$(SWIFT_BUILD) --package-path $(SCREEN_DIR) --product simon-web

$(SCREEN_BUILD_BIN)/simon-web:
	@test -f $(SCREEN_DIR)/Package.swift \
	  || { echo "no screen package: $(SCREEN_DIR)/Package.swift is missing (SCREEN_DIR=)"; exit 1; }
	$(SWIFT_BUILD) --package-path $(SCREEN_DIR) --product simon-web

install-screen-files: $(SCREEN_BUILD_BIN)/simon-web
	@test -d $(SCREEN_DIR)/Public || { echo "no page assets: $(SCREEN_DIR)/Public is missing"; exit 1; }
	$(INSTALL) -d $(DESTDIR)$(BINDIR)
	$(INSTALL) -m 0755 $(SCREEN_BUILD_BIN)/simon-web $(DESTDIR)$(BINDIR)/simon-web
	$(STRIP) --strip-unneeded --remove-section=.comment --remove-section=.note \
	  $(DESTDIR)$(BINDIR)/simon-web
	if command -v help2man >/dev/null && $(SCREEN_BUILD_BIN)/simon-web --version >/dev/null 2>&1; then \
	  $(INSTALL) -d $(DESTDIR)$(MANDIR)/man8 && \
	  help2man -N -s 8 -n "the Simon cabinet's screen (web page and read API)" \
	    $(SCREEN_BUILD_BIN)/simon-web | gzip -9n > $(DESTDIR)$(MANDIR)/man8/simon-web.8.gz && \
	  chmod 0644 $(DESTDIR)$(MANDIR)/man8/simon-web.8.gz; \
	fi
	rm -rf $(DESTDIR)$(SCREEN_ASSETS_DIR)
	$(INSTALL) -d $(DESTDIR)$(SCREEN_ASSETS_DIR)
	cp -R $(SCREEN_DIR)/Public/. $(DESTDIR)$(SCREEN_ASSETS_DIR)/
	find $(DESTDIR)$(SCREEN_ASSETS_DIR) -type d -exec chmod 0755 {} + -o -type f -exec chmod 0644 {} +
	$(INSTALL) -d $(DESTDIR)$(SYSTEMD_UNIT_DIR) $(DESTDIR)$(SYSUSERS_DIR)
	sed -e 's#/usr/local/bin/#$(BINDIR)/#' -e 's#/usr/local/share/simon-cabinet/screen#$(SCREEN_ASSETS_DIR)#' \
	  systemd/simon-web.service > $(DESTDIR)$(SYSTEMD_UNIT_DIR)/simon-web.service
	sed 's#/usr/local/lib/simon-cabinet/#$(KIOSK_LIB_DIR)/#' \
	  systemd/simon-kiosk.service > $(DESTDIR)$(SYSTEMD_UNIT_DIR)/simon-kiosk.service
	chmod 0644 $(DESTDIR)$(SYSTEMD_UNIT_DIR)/simon-kiosk.service
	$(INSTALL) -d $(DESTDIR)$(KIOSK_LIB_DIR)
	$(INSTALL) -m 0755 systemd/simon-kiosk-session $(DESTDIR)$(KIOSK_LIB_DIR)/simon-kiosk-session
	chmod 0644 $(DESTDIR)$(SYSTEMD_UNIT_DIR)/simon-web.service
	$(INSTALL) -m 0644 systemd/simon-web.sysusers $(DESTDIR)$(SYSUSERS_DIR)/simon-web.conf
	$(INSTALL) -m 0644 systemd/simon-kiosk.sysusers $(DESTDIR)$(SYSUSERS_DIR)/simon-kiosk.conf

install-screen: install-screen-files
ifeq ($(DESTDIR),)
	systemd-sysusers $(SYSUSERS_DIR)/simon-cabinet.conf $(SYSUSERS_DIR)/simon-web.conf \
	  $(SYSUSERS_DIR)/simon-kiosk.conf
	if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
	@echo
	@echo "Installed. The screen at http://127.0.0.1:8080/:  sudo systemctl enable --now simon-web"
	@echo "On the cabinet's display (cage and chromium):   sudo systemctl enable --now simon-kiosk"
endif

uninstall-screen:
ifeq ($(DESTDIR),)
	-if [ -d /run/systemd/system ]; then systemctl disable --now $(SCREEN_UNITS); fi
endif
	rm -f $(DESTDIR)$(BINDIR)/simon-web $(DESTDIR)$(MANDIR)/man8/simon-web.8.gz
	rm -f $(DESTDIR)$(KIOSK_LIB_DIR)/simon-kiosk-session
	-rmdir $(DESTDIR)$(KIOSK_LIB_DIR) 2>/dev/null
	rm -rf $(DESTDIR)$(SCREEN_ASSETS_DIR)
	rm -f $(addprefix $(DESTDIR)$(SYSTEMD_UNIT_DIR)/,$(SCREEN_UNITS))
	rm -f $(DESTDIR)$(SYSUSERS_DIR)/simon-web.conf $(DESTDIR)$(SYSUSERS_DIR)/simon-kiosk.conf
ifeq ($(DESTDIR),)
	-if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
endif

deb:
	scripts/build-deb

deb-arm64:
	scripts/build-deb --arch arm64

check-systemd:
	scripts/check-systemd

clean:
	rm -rf dist .build-arm64
	$(SWIFT) package clean
