# Sourced by the benchmark scripts that count instructions (valgrind --tool=callgrind: deterministic where wall times
# on a shared machine are not).
# stripped_copy SRC DEST: DEST is SRC without its debug sections (valgrind cannot read this toolchain's debug info;
# the code is the same).
stripped_copy() { cp "$1" "$2" && strip --strip-debug "$2"; }
# instructions_of CMD...: prints the instructions callgrind counts for one run of CMD (its output goes nowhere);
# prints nothing when it cannot count them.
instructions_of() {
  local log
  log="$(mktemp)"
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >/dev/null 2>"$log" || true
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log" | tail -n 1
  rm -f "$log"
}
