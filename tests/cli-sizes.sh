#!/bin/sh
# Buffers too large for one mapping: on a 32-bit build (i386, armhf) a
# working set or buffer of 2 GiB or more cannot be mapped, and every
# option that sizes one refuses it in one line naming the limit, exit 2,
# before anything is measured (the size was a uint64_t that became a
# 32-bit size_t: 4 GiB wrapped around to 0).  A 64-bit build maps any
# size these options take, so there is nothing to refuse.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_RUN" ] || skip_all "threadstone-run is not built"
# The ELF class of the program: byte 4 of the file, 1 for 32 bits.
class=$(od -An -tu1 -j4 -N1 "$TS_RUN" | tr -d ' ')
[ "$class" = 1 ] ||
    skip_all "a 64-bit build maps every size these options take"

limit="cannot be mapped by a 32-bit program (at most 2047 MiB)"

# refused DESC CMD...: exit 2, one line, naming the limit.
refused() {
	desc=$1
	shift
	run "$@"
	expect_status 2 "$desc"
	expect_one_error_line "$desc"
	grep -q "$limit" "$tmpdir/err"
	ok $? "$desc: names the limit"
}

refused "tachyon --working-set-mb 4096" \
    "$TACHYON" --working-set-mb 4096 --seconds 0.1 -t 1
refused "tachyon --working-set-mb 2048" \
    "$TACHYON" --working-set-mb 2048 --seconds 0.1 -t 1
refused "threadstone-run --latency-mb 4096" \
    "$TS_RUN" -w latency --latency-mb 4096 --samples 1
refused "threadstone-run --stream-mb 8192" \
    "$TS_RUN" -w stream --stream-mb 8192 --samples 1
refused "threadstone-sweep --max-size 4G" "$TS_SWEEP" --max-size 4G
refused "threadstone-sweep --loaded --chase-size 4G" \
    "$TS_SWEEP" --loaded --chase-size 4G
done_testing
