# Simon cabinet: build and install simond, simonctl and the systemd service.
#
#   make                         release binaries (Swift standard library linked in)
#   sudo make install            into PREFIX (/usr/local), then creates the user, reloads
#                                udev and systemd; enable with
#                                  sudo systemctl enable --now simond
#   sudo make uninstall          removes what install put there (keeps the scores, the
#                                user and a changed simond.toml)
#   make deb                     a Debian package for this machine's architecture
#   sudo make deb-arm64          the arm64 package for Raspberry Pi OS trixie, cross-built
#                                on an x86-64 Debian machine (scripts/build-deb --arch arm64)
#
# Variables: PREFIX, DESTDIR (staged installs: nothing is run then), SWIFT, SWIFT_FLAGS
# (e.g. --swift-sdk for a cross build), BUILD_BIN (where the binaries are), STRIP,
# SYSTEMD_UNIT_DIR, SYSUSERS_DIR, UDEV_RULES_DIR, SYSCONFDIR.
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

.PHONY: all build install install-files post-install uninstall deb deb-arm64 check-systemd clean help

all: build

help:
	@sed -n '3,19p' Makefile | sed 's/^# \{0,1\}//'

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
	$(INSTALL) -m 0644 wiring/examples/*.toml $(DESTDIR)$(DOCDIR)/examples/
	if [ -f README.md ]; then $(INSTALL) -m 0644 README.md $(DESTDIR)$(DOCDIR)/; fi

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

deb:
	scripts/build-deb

deb-arm64:
	scripts/build-deb --arch arm64

check-systemd:
	scripts/check-systemd

clean:
	rm -rf dist .build-arm64
	$(SWIFT) package clean
