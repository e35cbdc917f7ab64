#!/usr/bin/env bash
# Runs the test suites with the clock moved (issue 22, docs/decisions/005-tests-any-day-any-hour.md):
# another date and a late-evening hour in the firm's time zone, optionally beside a CPU hog. Not part
# of `npm test`: a way to check that no test depends on the date, the hour or the machine's speed.
#
#   scripts/test-moved-clock.sh [--at 'YYYY-MM-DD HH:MM'] [--hog] [unit] [api] [api-pg] [e2e [playwright args...]]
#
# --at    the moment to start from, in the firm's zone (TZ, America/New_York unless set);
#         default 2026-12-31 22:30 (already the next day and the next year in UTC).
# --hog   one busy process per core while the suites run.
# Node (the tests, the server, PGlite) runs under libfaketime (Debian's faketime, installed if missing).
# Chromium hangs under libfaketime, so it runs on the real clock and the test build of the web app
# loads moved-clock.js first, which moves the page's Date by the same offset.
# api-pg starts a private PostgreSQL (the machine's binaries, port 5439) under the same moved clock:
# the shared one keeps the real clock, and its current_date would not be the tests' today.
set -euo pipefail
cd "$(dirname "$0")/.."

AT='2026-12-31 22:30'
HOG=0
SUITES=()
while (($#)); do
  case "$1" in
    --at) AT="$2"; shift 2 ;;
    --hog) HOG=1; shift ;;
    unit | api | api-pg) SUITES+=("$1"); shift ;;
    e2e) SUITES+=(e2e); shift; break ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
((${#SUITES[@]})) || SUITES=(unit api e2e)

command -v faketime > /dev/null || { apt-get update -qq && apt-get install -y -qq faketime > /dev/null; }
# What `npm test` installs for its suites: poppler (PDF checks in api and e2e) and Chromium (e2e).
node scripts/ensure-poppler.mjs
[[ " ${SUITES[*]} " == *" e2e "* ]] && node scripts/ensure-chromium.mjs
# The firm's zone; the API and unit suites keep the machine's own (a UTC machine is the usual case).
FIRM_TZ="${TZ:-America/New_York}"
OFFSET=$(($(TZ="$FIRM_TZ" date -d "$AT" +%s) - $(date +%s)))
SIGNED=$( ((OFFSET < 0)) && echo "$OFFSET" || echo "+$OFFSET")
# Timers and timeouts keep the real monotonic clock; only the wall clock moves.
moved() { FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "$SIGNED" "$@"; }
echo "clock moved by ${OFFSET} s: $(TZ="$FIRM_TZ" moved date) in ${FIRM_TZ}, $(moved date -u)"

HOGS=()
if ((HOG)); then
  for _ in $(seq "$(nproc)"); do
    node -e 'for (;;) {}' &
    HOGS+=($!)
  done
fi
stop_hogs() { ((${#HOGS[@]})) && kill "${HOGS[@]}" 2> /dev/null || true; }
trap stop_hogs EXIT

FAILED=()
for suite in "${SUITES[@]}"; do
  echo "== ${suite}"
  case "$suite" in
    # On PGlite alone: the shared PostgreSQL (TEST_DATABASE_URL) keeps the real clock; api-pg moves its own.
    unit) moved env -u TEST_DATABASE_URL npx vitest run --project unit || FAILED+=(unit) ;;
    # api-isolated: the files that mock a module, a process each (docs/decisions/125).
    api) moved env -u TEST_DATABASE_URL npx vitest run --project api --project api-isolated || FAILED+=(api) ;;
    api-pg)
      PGDIR="$(mktemp -d /tmp/casebook-moved-pg.XXXXXX)"
      PGBIN="$(dirname "$(readlink -f "$(command -v postgres)")")"
      chown postgres "$PGDIR"
      su postgres -c "'$PGBIN/initdb' -D '$PGDIR/data' -U postgres -A trust > /dev/null"
      su postgres -c "FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f '$SIGNED' '$PGBIN/pg_ctl' -D '$PGDIR/data' -l '$PGDIR/log' \
        -o '-p 5439 -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off' -w start > /dev/null"
      psql -h 127.0.0.1 -p 5439 -U postgres -qc 'create database test'
      TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5439/test moved npx vitest run --project api-pg --project api-pg-isolated || FAILED+=(api-pg)
      su postgres -c "'$PGBIN/pg_ctl' -D '$PGDIR/data' -m fast stop > /dev/null"
      ;;
    e2e)
      WEB="$(mktemp -d /tmp/casebook-moved-web.XXXXXX)"
      npx vite build --outDir "$WEB" --emptyOutDir --logLevel warn
      cp scripts/moved-clock/moved-clock.js "$WEB/moved-clock.js"
      sed -i "s#<head>#<head><script src=\"/moved-clock.js\" data-offset-ms=\"${OFFSET}000\"></script>#" "$WEB/index.html"
      TZ="$FIRM_TZ" E2E_CHROMIUM="$PWD/scripts/moved-clock/chromium.sh" WEB_DIR="$WEB" moved npx playwright test --output "$WEB/results" "$@" || FAILED+=(e2e)
      ;;
  esac
done
((${#FAILED[@]} == 0)) || { echo "failed: ${FAILED[*]}" >&2; exit 1; }
