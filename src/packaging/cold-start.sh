#!/usr/bin/env bash
# Cold start to the first frame, the packaged launcher against its floor (docs/perf.md, "Packaged cold start").
# Usage: DISPLAY=:99 src/packaging/cold-start.sh [ROUNDS] [AOT]   (after ./mvnw package; Xvfb running on DISPLAY)
# Each round: the floor (a one-label JavaFX window on the package's own runtime and JavaFX), then Workshop through
# bin/Workshop on a copy of a data directory with 100 agents and 20 interrupted conversations.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-5}
dist=target/dist/Workshop
java=$dist/lib/runtime/bin/java
jar=$dist/lib/app/workshop.jar
prepared=$(mktemp -d)/cold
"$java" -Dprism.order=sw -cp "$jar" dev.workshop.CanvasBenchmark --prepare "$prepared" > /dev/null 2>&1
for round in $(seq 1 "$rounds"); do
  floor=$("$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -Dprism.order=sw \
      -cp "$jar" dev.workshop.ColdStartFloor 2>/dev/null | grep -o '[0-9]*}' | tr -d '}')
  data=$(mktemp -d)
  cp -r "$prepared"/. "$data"
  app=$(WORKSHOP_COLD_START_PROBE=1 timeout 60 "$dist/bin/Workshop" --data-dir "$data" \
      2>/dev/null | grep -o '"jvm_start_to_first_frame_ms":[0-9]*' | grep -o '[0-9]*$')
  rm -rf "$data"
  echo "round $round: floor ${floor} ms, Workshop ${app} ms, ratio $(awk "BEGIN{printf \"%.2f\", $app/$floor}")"
done
