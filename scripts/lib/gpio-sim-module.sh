# gpio_sim_module KVER: prints the path of the kernel's gpio-sim driver (and the irq_sim
# helper it needs) built as a module for Debian's kernel KVER, made once in the cache:
# Debian builds it neither in nor as a module. Needs linux-source-6.1 and the kernel's
# headers (installed here when missing). Sourced, after scripts/lib/common.sh, by the
# VM runs (scripts/test-systemd-vm, scripts/test-appliance).
gpio_sim_module() {
  local kver=$1 dir key module
  dir=$(simon_cache gpio-sim)
  # Keyed by the kernel, the source the driver comes from and this recipe.
  key=$(content_key "$(dpkg-query -W -f='${Version}' linux-source-6.1)" \
    "$(declare -f gpio_sim_module gpio_sim_build)")
  module=$dir/gpio-sim-ext-$kver-$key.ko
  # One build at a time: two VM runs may prepare at once.
  (
    flock 9
    [ -f "$module" ] || gpio_sim_build "$kver" "$dir/gpio-sim-src" "$module"
  ) 9>"$dir/.lock" || return 1
  echo "$module"
}

# gpio_sim_build KVER SRC MODULE: builds it in SRC, leaves it at MODULE.
gpio_sim_build() {
  local kver=$1 src=$2 module=$3
  scripts/install-deps "linux-headers-$kver" >&2
  rm -rf "$src"
  mkdir -p "$src"
  echo "building gpio-sim (and the irq_sim helper it needs) as a module for $kver" >&2
  tar -xJf /usr/src/linux-source-6.1.tar.xz -C "$src" --strip-components=3 \
    linux-source-6.1/drivers/gpio/gpio-sim.c linux-source-6.1/drivers/gpio/gpiolib.h
  tar -xJf /usr/src/linux-source-6.1.tar.xz -C "$src" --strip-components=3 \
    linux-source-6.1/kernel/irq/irq_sim.c
  # irq_to_desc() is not exported to modules; generic_handle_irq() does the same here.
  sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$src/irq_sim.c"
  printf 'obj-m += gpio-sim-ext.o\ngpio-sim-ext-objs := gpio-sim.o irq_sim.o\n' > "$src/Kbuild"
  make -C "/usr/src/linux-headers-$kver" M="$src" modules > "$src/build.log" 2>&1 \
    || { tail -n 20 "$src/build.log" >&2; return 1; }
  cp "$src/gpio-sim-ext.ko" "$module.new"
  mv "$module.new" "$module"
  rm -rf "$src"
}
