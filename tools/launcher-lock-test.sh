#!/usr/bin/env bash
# Issue 14, defect 14: two ./matchpoint launchers started together on a fresh checkout must not
# both build into the same target/ (one of them failed with exit 70). Copies this checkout without
# its build output into a temporary directory, starts two launchers at once, and checks that both
# succeed and that exactly one of them built. Needs Maven and about a minute of build time;
# `mvn -B -Plauncher verify` runs it (the default build does not). Exit 0 when it passes.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -C "$src" --exclude=./.git --exclude=target -cf - . | tar -C "$work" -xf -
for i in 1 2; do
  ( rc=0; "$work/matchpoint" list >"$work/out$i" 2>"$work/err$i" || rc=$?; echo "$rc" >"$work/rc$i" ) &
done
wait
fail=0
for i in 1 2; do
  if [ "$(cat "$work/rc$i")" != 0 ] || ! grep -q '^probe-race-2x2 ' "$work/out$i"; then
    echo "launcher $i exited $(cat "$work/rc$i"):" >&2
    cat "$work/err$i" >&2
    fail=1
  fi
done
builds="$(cat "$work/err1" "$work/err2" | grep -c 'matchpoint: building the tool' || true)"
if [ "$builds" != 1 ]; then
  echo "expected exactly one launcher to build, $builds did" >&2
  fail=1
fi
[ "$fail" = 0 ] && echo "launcher-lock-test: both launchers succeeded, one built"
exit "$fail"
