# Shared by the scripts (sourced, never run): where their caches live, how an entry is
# named, and the Debian archive they fetch from.

# simon_cache NAME: prints the directory for one kind of cached thing, made if missing.
# It lives outside the tree, so that a fresh clone on the same machine reuses it:
# $SIMON_CACHE/NAME, else $XDG_CACHE_HOME/simon-cabinet/NAME, else
# ~/.cache/simon-cabinet/NAME. Every entry in it is named by a key of what made it
# (content_key below: kernel options and source version, package lists, toolchain
# version), so a changed input makes a new entry and a stale one is never used.
# Deleting the whole directory is always safe: the next run makes what it needs again.
simon_cache() {
  local dir=${SIMON_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/simon-cabinet}/$1
  mkdir -p "$dir" && echo "$dir"
}

# content_key TEXT...: 16 hex digits that change whenever any of TEXT does.
content_key() { printf '%s\n' "$@" | sha256sum | cut -c1-16; }

# system_mirror: the Debian archive of the host's own apt sources (a URI ending in
# /debian, one-line or deb822 style), for the private apt runs and root file systems
# that never touch the host's sources. DEBIAN_MIRROR overrides it.
system_mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then
    echo "$DEBIAN_MIRROR"
    return
  fi
  { grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
      | sed -E 's/^deb (\[[^]]*\] )?([^ ]+).*/\2/'
    grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}'
  } | grep -E '/debian/?$' | head -n 1
}

# other_libgpiod: the libgpiod major version that is not installed, unpacked into a
# private prefix in the cache (its debs fetched once with apt-get download against a
# private sources list: the two runtimes cannot be installed side by side, and the host's
# apt sources and packages stay untouched). On Debian 12 the installed one is 1.6.3 (v1
# API) and the other 2.1.3 (v2 API, bookworm-backports). Sets installed, installed_major,
# other, other_major, other_prefix (its root) and other_libdir (where its libgpiod.so is).
# Needs libgpiod-dev installed.
other_libgpiod() {
  local suite runtime cache debs mirror apt_dir keyring
  installed=$(dpkg-query -W -f='${Version}' libgpiod-dev)
  installed=${installed#*:}
  installed=${installed%%-*}
  installed_major=${installed%%.*}
  suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
  case "$installed_major" in
    1) other_major=2 suite=$suite-backports runtime=libgpiod3 ;;
    2) other_major=1 runtime=libgpiod2 ;;
    *) echo "unexpected libgpiod-dev version $installed" >&2; return 1 ;;
  esac
  cache=$(simon_cache "gpiod/$(content_key "$suite" "libgpiod-dev $runtime")")
  debs=$cache/debs
  other_prefix=$cache/root
  exec 7>"$cache/.lock" && flock 7 # (another clone's run may be fetching the same)
  if [ ! -f "$cache/.complete" ]; then
    mirror=$(system_mirror)
    [ -n "$mirror" ] || { echo "no Debian archive in the apt sources; set DEBIAN_MIRROR" >&2; return 1; }
    echo "fetching libgpiod-dev and $runtime from $suite into $cache" >&2
    rm -rf "$debs" "$other_prefix" "$cache/apt"
    apt_dir=$cache/apt
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$debs" "$other_prefix"
    : >"$apt_dir/status"
    keyring=/usr/share/keyrings/debian-archive-keyring.gpg
    echo "deb [signed-by=$keyring] $mirror $suite main" >"$apt_dir/sources.list"
    local apt_options=(
      -o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/none"
      -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir" -o "Dir::State::Status=$apt_dir/status"
      -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root" -q
    )
    apt-get "${apt_options[@]}" update >/dev/null
    (cd "$debs" && apt-get "${apt_options[@]}" download "libgpiod-dev/$suite" "$runtime/$suite" >/dev/null)
    local deb
    for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$other_prefix"; done
    rm -rf "$apt_dir"
    touch "$cache/.complete"
  fi
  exec 7>&-
  other=$(cd "$debs" && ls libgpiod-dev_*.deb | sed 's/^libgpiod-dev_\([^_]*\)_.*/\1/')
  other=${other#*:}
  other=${other%%-*}
  other_libdir=$(dirname "$(find "$other_prefix" -name 'libgpiod.so' -print -quit)")
}
