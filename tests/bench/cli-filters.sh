#!/bin/bash
# Times `raglens-cli sessions --limit 200` with each single filter, the whole process (the
# facts index's freshness check, the page, its sessions' figures and the match count), as a
# user at a terminal waits for it. Usage: cli-filters.sh DB [CACHE_DIR] [CLI]
set -u
db=${1:?usage: cli-filters.sh DB [CACHE_DIR] [CLI]}
cache=${2:-}
cli=${3:-$(dirname "$0")/../../build/app/raglens-cli}
run() {
  local start end out
  start=$(date +%s%N)
  out=$("$cli" sessions --db "$db" ${cache:+--cache "$cache"} --limit 200 "$@" 2>&1)
  end=$(date +%s%N)
  printf '%6d ms  %-45s %s\n' $(((end - start) / 1000000)) "${*:-(no filter)}" \
    "$(printf '%s' "$out" | python3 -c 'import json, sys
try:
    d = json.load(sys.stdin); print("total", d["total"], "shown", len(d["sessions"]))
except Exception as e:
    print("error:", e)')"
}
run
for o in SUCCESS FALLBACK ERROR; do run --outcome $o; run --session-outcome $o; done
for e in EVIDENCE_FOUND NO_EVIDENCE ERROR UNKNOWN; do run --evidence $e; done
for f in none tool_error lookup_error no_evidence; do run --failure $f; done
for l in PRECISE REFERENCE NONE; do run --relevance $l; done
for a in FILTERED_VECTOR UNFILTERED_VECTOR_RETRY UNFILTERED_VECTOR; do run --attempt $a; done
for r in filtered_vector_no_evidence filtered_vector_low_quality; do run --retry-reason $r; done
for t in lookup_knowledge no_such_tool; do run --tool $t; done
run --since 24h
run --since 2000-01-01
run --until 2000-01-01
for t in pool zzq-no-such; do run --text $t; done
