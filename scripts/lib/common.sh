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

# tree_key PATH...: 16 hex digits naming the content of PATHs in this work tree as git
# would commit it now (tracked files with their changes, new files that are not ignored);
# nothing where the tree is not a git work tree (then nothing is cached from it).
tree_key() {
  local index status=0
  git rev-parse --is-inside-work-tree >/dev/null 2>&1 || return 0
  index=$(mktemp)
  # A private index: the real one, and so `git status`, stay as they are.
  GIT_INDEX_FILE=$index git read-tree HEAD 2>/dev/null \
    && GIT_INDEX_FILE=$index git add -A -- "$@" 2>/dev/null \
    && GIT_INDEX_FILE=$index git ls-files -s -- "$@" | sha256sum | cut -c1-16 \
    || status=$?
  rm -f "$index"
  return $status
}

# toolchain_id native|cross: what besides the tree makes a release binary: the Swift
# toolchain and the development libraries it links against (this machine's, or the arm64
# sysroot's of scripts/swift-arm64).
toolchain_id() {
  if [ "$1" = cross ]; then
    local info
    info=$(scripts/swift-arm64 info)
    echo "$info" | grep -E '^(toolchain|sdk|sysroot):' | sed 's/^[a-z]*: [^ ]* //'
    cat "$(echo "$info" | sed -n 's/^sysroot-debs: //p')"/*/DEBIAN/control \
      | grep -E '^(Package|Version):'
  else
    swift --version 2>&1
    dpkg-query -W -f='${Package} ${Version}\n' libc6-dev libgpiod-dev libasound2-dev \
      libmosquitto-dev 2>/dev/null || true
  fi
}

# The release binaries, cached by what makes them: the toolchain, the recipe (flags) and
# the content of the sources they are built from. Building the Screen's simon-web takes
# about 8 minutes of two cores, the arm64 binaries longer; a second run of an unchanged
# tree on the same machine takes them from here, and a changed input builds anew.
# The dependencies' versions are those of Package.resolved (not tracked: the newest that
# Package.swift allows, resolved from the package mirror), so nothing is cached before
# they are resolved (`swift package resolve`, and with `--package-path Screen`).
# release_cache_dir TOOLCHAIN ARCH PRODUCT RECIPE: the directory of PRODUCT's entry (it
# may not hold the binary yet), TOOLCHAIN being what toolchain_id says; nothing outside a
# git work tree or before resolving.
release_cache_dir() {
  local toolchain=$1 arch=$2 product=$3 recipe=$4 sources=(Package.swift Sources) pins=(Package.resolved)
  local tree resolved
  # One spelling of a recipe: "a  b " and "a b" are the same flags.
  recipe=$(tr -s ' ' <<<"$recipe" | sed 's/^ //; s/ $//')
  if [ "$product" = simon-web ]; then
    sources+=(Screen/Package.swift Screen/Sources)
    pins+=(Screen/Package.resolved)
  fi
  tree=$(tree_key "${sources[@]}")
  [ -n "$tree" ] || return 0
  # The pins only: each SwiftPM that builds (the host's, the arm64 chroot's) may write the
  # file again with another layout or origin hash, but the same pins.
  resolved=$(cat "${pins[@]}" 2>/dev/null) || return 0
  resolved=$({ grep -oE '"(identity|revision|version)" *: *"[^"]*"' <<<"$resolved" || true; } | tr -d ' ')
  simon_cache "release/$arch-$product-$(content_key "$recipe" "$tree" "$resolved" "$toolchain")"
}

# cached_release native|cross ARCH RECIPE BIN_DIR PRODUCT...: copies the PRODUCTs from the
# cache into BIN_DIR when every one of them is there; false otherwise.
cached_release() {
  local toolchain arch=$2 recipe=$3 bin=$4 product dir dirs=()
  toolchain=$(toolchain_id "$1")
  shift 4
  for product in "$@"; do
    dir=$(release_cache_dir "$toolchain" "$arch" "$product" "$recipe")
    [ -n "$dir" ] && [ -x "$dir/$product" ] || return 1
    dirs+=("$dir")
  done
  mkdir -p "$bin"
  for dir in "${dirs[@]}"; do
    product=$1
    shift
    # (A temporary name of this process's: two runs may copy the same binary at once.)
    cp "$dir/$product" "$bin/.$product.$$" && mv -f "$bin/.$product.$$" "$bin/$product"
    touch "$dir" # (the entries used last are the ones kept)
  done
}

# keep_release native|cross ARCH RECIPE BIN_DIR PRODUCT...: stores the PRODUCTs just built
# in BIN_DIR in the cache (each whole or not at all).
keep_release() {
  local toolchain arch=$2 recipe=$3 bin=$4 product dir
  toolchain=$(toolchain_id "$1")
  shift 4
  for product in "$@"; do
    dir=$(release_cache_dir "$toolchain" "$arch" "$product" "$recipe")
    [ -n "$dir" ] || return 0
    cp "$bin/$product" "$dir/.$product.$$" && mv -f "$dir/.$product.$$" "$dir/$product"
    # Three trees' worth of each binary: the others are removed.
    find "$(dirname "$dir")" -maxdepth 1 -name "$arch-$product-*" -printf '%T@ %p\n' \
      | sort -rn | tail -n +4 | cut -d' ' -f2- | xargs -r rm -rf
  done
}

# previous_release: prints "VERSION COMMIT" of the release before this tree: the newest
# section of CHANGELOG.md with a date ("## X.Y.Z (YYYY-MM-DD)"), at the commit its tag
# vX.Y.Z names, or, in a clone without tags, the commit its section names ("at commit
# abc1234"). False, saying why, when neither is found.
previous_release() {
  local version commit
  version=$(sed -n 's/^## \([0-9]\{1,\}\.[0-9]\{1,\}\.[0-9]\{1,\}\) ([0-9-]\{10\})$/\1/p' \
    CHANGELOG.md | head -n 1)
  [ -n "$version" ] || { echo "CHANGELOG.md has no release with a date" >&2; return 1; }
  commit=$(git rev-parse -q --verify "refs/tags/v$version^{commit}" 2>/dev/null) || commit=$(
    awk -v heading="## $version (" 'index($0, heading) == 1 { on = 1; next } on && /^## / { exit } on' \
      CHANGELOG.md | sed -n 's/.*at commit \([0-9a-f]\{7,40\}\).*/\1/p' | head -n 1)
  commit=$(git rev-parse -q --verify "${commit:-none}^{commit}" 2>/dev/null) \
    || { echo "release $version: neither its tag v$version nor the commit its section names is in this clone" >&2; return 1; }
  echo "$version $commit"
}

# release_debs VERSION COMMIT: prints the paths of release VERSION's packages for this
# machine (simon-cabinet first, then simon-cabinet-venue and simon-cabinet-screen), built
# once from COMMIT's tree by its own scripts/build-deb and cached, keyed by the commit and
# the toolchain. Its build's log is build.log beside them.
release_debs() {
  local version=$1 commit=$2 dir
  dir=$(simon_cache "releases/$version-$(content_key "$commit" "$(toolchain_id native)")")
  exec 6>"$dir/.lock" && flock 6
  if [ ! -f "$dir/.complete" ]; then
    echo "building release $version's packages from $commit into $dir (once)" >&2
    rm -rf "$dir/src" "$dir"/*.deb
    mkdir -p "$dir/src"
    git archive "$commit" | tar -x -C "$dir/src"
    if ! (cd "$dir/src" && DEB_VERSION=$version DEBFULLNAME="Simon Cabinet" DEBEMAIL=simon@localhost \
      scripts/build-deb --package simon-cabinet --package simon-cabinet-venue \
      --package simon-cabinet-screen) >"$dir/debs" 2>"$dir/build.log"; then
      tail -n 20 "$dir/build.log" >&2
      exec 6>&-
      return 1
    fi
    cp "$dir"/src/dist/*.deb "$dir/"
    rm -rf "$dir/src"
    touch "$dir/.complete"
  fi
  exec 6>&-
  local package
  for package in simon-cabinet simon-cabinet-venue simon-cabinet-screen; do
    ls "$dir/${package}_${version}_"*.deb
  done
}
