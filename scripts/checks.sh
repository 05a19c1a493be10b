#!/usr/bin/env bash
# The typecheck and the lint of `npm test`, side by side (decision 086, third pass). tsc 7 splits
# the files among four checkers by default, and each checker works out the shared types (effect's
# schemas, React's) again: on two cores four checkers spend twice the CPU of one for the same
# diagnostics. So tsc gets one checker per core but one, the lint the last core, and each one's
# output is printed whole once both have ended. Fails when either fails.
set -uo pipefail

cores=$(nproc 2>/dev/null || echo 2)
checkers=$((cores > 2 ? cores - 1 : 1))
checkers=$((checkers > 4 ? 4 : checkers))
out=$(mktemp -d "${TMPDIR:-/tmp}/backoffice-checks.XXXXXX")
trap 'rm -rf "$out"' EXIT

tsc -p . --checkers "$checkers" >"$out/typecheck" 2>&1 &
typecheck=$!
biome lint . >"$out/lint" 2>&1 &
lint=$!
wait "$typecheck"
typecheck_status=$?
wait "$lint"
lint_status=$?

echo "== typecheck (tsc -p . --checkers $checkers): exit $typecheck_status"
cat "$out/typecheck"
echo "== lint (biome lint .): exit $lint_status"
cat "$out/lint"
[ "$typecheck_status" -eq 0 ] && [ "$lint_status" -eq 0 ]
