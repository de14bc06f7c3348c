#!/bin/sh
# threadstone-history's tests (tests/cli-history.sh) on a PostgreSQL
# server: the same commands on a private cluster that tests/pg-cluster.sh
# starts and stops; skipped when the server is not installed.
TS_HISTORY_BACKEND=postgresql
export TS_HISTORY_BACKEND
exec sh "${top_srcdir:-$(dirname "$0")/..}/tests/cli-history.sh" "$@"
