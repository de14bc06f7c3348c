#!/bin/sh
# Dhrystone's ground rule, checked on the built code: every Proc_ and
# Func_ is still a function of its own (not inlined away) and has not been
# cloned or specialised by the compiler's interprocedural passes.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

bin=$top_builddir/tests/unit-dhrystone
# The build's own tools (NM, OBJDUMP from configure: a cross build's
# TRIPLET-objdump, since this machine's cannot disassemble another's code).
nm=${NM:-nm}
objdump=${OBJDUMP:-objdump}
command -v ${nm%% *} >/dev/null 2>&1 || skip_all "no nm to list symbols"
[ -x "$bin" ] || skip_all "tests/unit-dhrystone is not built"
$nm "$bin" >"$tmpdir/syms" 2>/dev/null || skip_all "nm cannot read $bin"
grep -q ' [tT] dhry_run$' "$tmpdir/syms" || skip_all "symbols stripped"

for f in proc_1 proc_2 proc_3 proc_4 proc_5 proc_6 proc_7 proc_8 \
    func_1 func_2 func_3; do
	grep -q " [tT] $f\$" "$tmpdir/syms"
	ok $? "$f is an out-of-line function"
done
! grep -Eq ' (proc|func)_[0-9]\.(constprop|isra|part|specialized)' \
    "$tmpdir/syms"
ok $? "no clone or specialisation of a procedure"

if command -v ${objdump%% *} >/dev/null 2>&1; then
	$objdump -d --no-show-raw-insn "$bin" >"$tmpdir/dis" 2>/dev/null
	# 15 calls in the source; a tail call may show as a jump: x86's
	# call and jmp, arm64's bl and b, s390x's brasl and jg.
	calls=$(grep -Ec '[[:space:]](call|jmp|bl|b|brasl|jg)[a-z.]*[[:space:]].*<(proc|func)_[0-9]>' \
	    "$tmpdir/dis")
	[ "$calls" -ge 15 ]
	ok $? "all 15 call sites remain calls ($calls found)"
fi
done_testing
