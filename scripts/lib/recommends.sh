# What the packages recommend (apt installs it with them unless told not to): read by
# scripts/build-deb for the control files and by scripts/test-appliance, which installs
# the packages as apt does.
cabinet_recommends="alsa-utils, gpiod"
screen_recommends="cage, chromium, seatd, xwayland"
