#!/bin/sh
# Chromium for scripts/test-moved-clock.sh: libfaketime hangs Chromium's start (its zygote), so the
# browser runs on the real clock and the page's Date is moved instead (moved-clock.js).
unset LD_PRELOAD FAKETIME FAKETIME_DONT_FAKE_MONOTONIC
exec /usr/bin/chromium-headless-shell "$@"
