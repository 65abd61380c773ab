#!/usr/bin/env bash
# bench-metadata.sh [ODSH_BINARY]: how fast odsh loads large $metadata documents, next to a floor, a Rust tool and two
# Python libraries. Per file, hyperfine side by side (whole processes, startup included) in rounds, of
#   odsh metadata summary FILE             the thing measured
#   xmllint --stream --noout FILE          floor: libxml2 reading the bytes, building nothing
#   sap-odata -p Imported -s ID entities   sap-odata-cli (Rust, PyPI sap-odata-cli-hsin) listing the entity sets of
#                                          the file from its offline library (imported first, untimed)
#   python load_pyodata.py FILE            pyodata's MetadataBuilder (V2 files only)
#   python load_odatapy.py FILE            odatapy's XmlEdmProvider + Edm, what its client does (V4 files only)
# Wall time (hyperfine), CPU time (user + system, hyperfine's means), peak memory (max RSS of one run under
# /usr/bin/time) and instructions (valgrind --tool=callgrind, one run each of odsh, xmllint and sap-odata-cli:
# deterministic, unlike time on a shared machine; odsh is counted on a `strip --strip-debug` copy, since valgrind
# cannot read this toolchain's debug info). Results: bench-out/ (or $BENCH_OUT). NO_CALLGRIND=1 skips the counts.
# Rounds: hyperfine times each command's runs back to back, so on a shared machine a busy stretch can fall on one
# command and not the others. Ten rounds of two runs (after one warm-up run), the commands in a different order each
# round, spread such stretches over all of them; the ratios are given on the medians of all twenty runs (a stretch's
# outliers move a mean, not a median), and on the means and the fastest runs too. (With five rounds of four runs, a
# run was seen where none of odsh's twenty Graph runs came within 40% of its usual fastest while xmllint's did: a
# busy stretch covered most of odsh's rounds.)
# ODSH_BINARY defaults to .build-static/release/odsh, (re)built first as odsh ships: a release build with the Swift
# runtime linked statically (`--static-swift-stdlib`, which spares ~5% of a run in the dynamic loader).
# --smoke [ODSH_BINARY]: the whole pipeline once, quickly, to show it works (the README test runs it): two small files,
# two runs each, the debug build by default, results in a temporary folder, and the peers only when their venv is
# there already.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
smoke=false smoke_out=""
if [ "${1:-}" = --smoke ]; then smoke=true; shift; fi

corpus="${ODSH_SHARED:-$root/../shared}/corpus/metadata"
if [ ! -d "$corpus" ]; then
  echo "bench: corpus not found at $corpus (set ODSH_SHARED to the shared folder)" >&2
  exit 1
fi
files=("$corpus/msgraph-v1.0-Prod.v2.xml" "$corpus/sap-gw-v2-FAR_MANAGE_BS_SRV.xml")
warmup=1 rounds=10 runs=2
if $smoke; then
  files=("$root/scripts/sample/northwind-mini.xml" "$corpus/sap-gw-v2-MM_PUR_MNTR_ANA_OPS_SRV.xml")
  warmup=0 rounds=1 runs=2
  [ $# -gt 0 ] || set -- .build/debug/odsh
  [ -n "${BENCH_OUT:-}" ] || { BENCH_OUT="$(mktemp -d)"; smoke_out="$BENCH_OUT"; }
fi

bash scripts/setup.sh --tests

source "$root/scripts/bench/odsh-binary.sh"
odsh_binary "${1:-}"

# The Python libraries live in a venv of their own, made on first use.
venv="${XDG_CACHE_HOME:-$HOME/.cache}/odsh-bench/venv"
python="$venv/bin/python"
peers=true
sap_odata="$venv/bin/sap-odata"
if $smoke && { ! [ -x "$python" ] || ! "$python" -c 'import pyodata, odatapy' 2>/dev/null || ! [ -x "$sap_odata" ]; }; then
  echo "bench: smoke: no venv with pyodata, odatapy and sap-odata-cli at $venv yet: the peers are left out"
  peers=false
  python=python3
elif ! [ -x "$python" ] || ! "$python" -c 'import pyodata, odatapy' 2>/dev/null || ! [ -x "$sap_odata" ]; then
  echo "bench: installing pyodata, odatapy and sap-odata-cli into $venv"
  [ -x "$python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check pyodata odatapy==5.3.0 sap-odata-cli-hsin==1.0.0
fi

out="${BENCH_OUT:-$root/bench-out}"
mkdir -p "$out"
results="$out/metadata-results.tsv" # file, name, mean s, stddev s, min s, median s, max RSS KiB, what it printed, CPU s,
                                    # instructions (callgrind)
: >"$results"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp" ${smoke_out:+"$smoke_out"}' EXIT
# valgrind cannot read the debug info of this toolchain's binaries: instructions are counted on a copy without it
# (the same code; only the .debug sections go).
callgrind=true
if [ "${NO_CALLGRIND:-}" = 1 ] || ! command -v valgrind >/dev/null; then callgrind=false; fi
source "$root/scripts/bench/callgrind.sh"
if $callgrind; then stripped_copy "$odsh" "$tmp/odsh-stripped"; fi
# instructions NAME: the instructions callgrind counts for one run of cmd (odsh's stripped copy in its place); empty
# when it cannot count them.
instructions() {
  local c=("${cmd[@]}")
  [ "$1" = odsh ] && c[0]="$tmp/odsh-stripped"
  instructions_of "${c[@]}"
}
# sap-odata-cli keeps its offline library under $XDG_CONFIG_HOME: every command runs with an empty one of its own
# here (odsh and the others read no configuration to load a file), into which each file is imported once.
export XDG_CONFIG_HOME="$tmp/config"
mkdir -p "$XDG_CONFIG_HOME"
# sap_import FILE: imports FILE into that library and sets sap_id to its service id (empty when it cannot).
sap_import() {
  sap_id="$("$sap_odata" offline import --json "$1" 2>"$tmp/stderr" |
    "$python" -c 'import json, sys; print(json.load(sys.stdin)["service_id"])' 2>>"$tmp/stderr" || true)"
}
# command_for NAME FILE: sets cmd to the command line that loads FILE with NAME.
command_for() {
  case "$1" in
    odsh) cmd=("$odsh" metadata summary "$2") ;;
    xmllint) cmd=(xmllint --stream --noout "$2") ;;
    sap-odata) cmd=("$sap_odata" -p Imported -s "$sap_id" entities --json) ;;
    pyodata) cmd=("$python" "$root/scripts/bench/load_pyodata.py" "$2") ;;
    odatapy) cmd=("$python" "$root/scripts/bench/load_odatapy.py" "$2") ;;
  esac
}
# run_once NAME: runs cmd once under /usr/bin/time (max RSS to $tmp/rss); fails when it fails or when it printed
# nothing, which would not show it did the work (only the xmllint floor is silent by design).
run_once() {
  local status=0
  /usr/bin/time -f %M -o "$tmp/rss" "${cmd[@]}" >"$tmp/stdout" 2>"$tmp/stderr" || status=$?
  if [ "$status" -ne 0 ]; then
    [ -s "$tmp/stderr" ] || echo "exit status $status" >"$tmp/stderr"
    return 1
  fi
  if [ "$1" != xmllint ] && [ ! -s "$tmp/stdout" ]; then
    echo "exited 0 but printed nothing" >"$tmp/stderr"
    return 1
  fi
}

for file in "${files[@]}"; do
  base="$(basename "$file" .xml)"
  expected="$(grep -o '<EntityType[[:space:]>]' "$file" | wc -l)"
  # The Edmx element's Version says it: SAP V2 documents also use the V4 namespaces (edmx:Reference, Annotations).
  edmx_version="$(head -c 4096 "$file" | grep -o '<[A-Za-z]*:\{0,1\}Edmx [^>]*' | sed -n 's/.*Version="\([^"]*\)".*/\1/p' || true)"
  case "$edmx_version" in 4.*) version=V4 ;; *) version=V2 ;; esac
  echo
  echo "== $base ($version, $(du -k "$file" | cut -f1) KiB, $expected EntityType elements)"

  if [ "$version" = V2 ]; then names=(odsh xmllint sap-odata pyodata); else names=(odsh xmllint sap-odata odatapy); fi
  $peers || names=(odsh xmllint)
  if $peers; then sap_import "$file"; fi

  # One run each: does it load the file at all, what did it find, and its peak memory.
  timed_names=(); timed_commands=()
  for name in "${names[@]}"; do
    command_for "$name" "$file"
    if run_once "$name"; then
      rss="$(tail -n 1 "$tmp/rss")"
      said="$(grep -i -m 1 'entity.\{0,1\}type' "$tmp/stdout" || head -n 1 "$tmp/stdout" || true)"
      # "1182 entity types" or "Entity types: 1182"
      found="$(sed -nE 's/.*\b([0-9]+) entity ?types?\b.*/\1/Ip; t; s/.*entity ?types?\W{0,3}([0-9]+).*/\1/Ip' <<<"$said")"
      if [ -z "$said" ]; then said="(prints nothing: it only reads the bytes)"; check="floor"
      elif [ -z "$found" ]; then check="count not checked"
      elif [ "$found" = "$expected" ]; then check="count ok"
      else check="COUNT MISMATCH: $found, expected $expected"; fi
      printf '   %-8s %s  [%s]\n' "$name" "$said" "$check"
      timed_names+=("$name"); timed_commands+=("$(printf '%q ' "${cmd[@]}")")
      ir=""
      if $callgrind && [ "$name" != pyodata ] && [ "$name" != odatapy ]; then ir="$(instructions "$name")"; fi
      printf '%s\t%s\t\t\t\t\t%s\t%s\t\t%s\n' "$base" "$name" "$rss" "$said" "$ir" >>"$results"
    else
      why="$(tail -n 1 "$tmp/stderr" | cut -c1-200)"
      printf '   %-8s CANNOT LOAD the file: %s\n' "$name" "$why"
      printf '%s\t%s\t-\t-\t-\t-\t-\tcannot load: %s\t-\t\n' "$base" "$name" "$why" >>"$results"
    fi
  done

  # Rounds of hyperfine, each with the commands in another order (rotated by one per round).
  n=${#timed_names[@]}
  rm -f "$out/metadata-$base".round*.json
  for ((round = 0; round < rounds; round++)); do
    hyperfine_args=(-N --warmup "$warmup" --runs "$runs" --export-json "$out/metadata-$base.round$round.json")
    [ "$round" -eq 0 ] && hyperfine_args+=(--export-markdown "$out/metadata-$base.md")
    for ((k = 0; k < n; k++)); do
      i=$(((k + round) % n))
      hyperfine_args+=(-n "${timed_names[$i]}" "${timed_commands[$i]}")
    done
    echo "-- round $((round + 1)) of $rounds"
    hyperfine "${hyperfine_args[@]}"
  done

  # All rounds' runs per command: mean, standard deviation, fastest and median, filled into the rows written above.
  "$python" - "$results" "$base" "$out/metadata-$base".round*.json <<'PY'
import json, statistics, sys
times = {}
cpu = {}  # per command: (user + system of each round's mean) weighted by the round's runs
for path in sys.argv[3:]:
    for r in json.load(open(path))["results"]:
        times.setdefault(r["command"], []).extend(r["times"])
        cpu.setdefault(r["command"], []).extend([r["user"] + r["system"]] * len(r["times"]))
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
for row in rows:
    if row[0] == sys.argv[2] and row[1] in times:
        t = times[row[1]]
        row[2] = f"{statistics.mean(t):.4f}"
        row[3] = f"{statistics.stdev(t) if len(t) > 1 else 0:.4f}"
        row[4] = f"{min(t):.4f}"
        row[5] = f"{statistics.median(t):.4f}"
        row[8] = f"{statistics.mean(cpu[row[1]]):.4f}"
open(sys.argv[1], "w").write("".join("\t".join(row) + "\n" for row in rows))
PY
done

echo
echo "== Summary ($((rounds * runs)) runs each in $rounds rounds, whole process; peak RSS of one run). JSON per round: $out/"
echo "   load average now: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (other work on the machine skews the times)"
"$python" - "$results" <<'PY'
import sys
from collections import defaultdict
by_file = defaultdict(dict)
for line in open(sys.argv[1]):
    base, name, mean, stddev, fastest, median, rss, said, cpu, ir = line.rstrip("\n").split("\t")
    by_file[base][name] = (mean, stddev, fastest, rss, median, cpu, ir)

def verdict(ok):
    return "meets target" if ok else "MISSES target"

def seconds(entry, column=0):
    return float(entry[column]) if entry and entry[column] not in ("", "-") else None

def ratio_text(a, b):
    """a/b on the medians, then on the means and on the fastest runs (which other work on the machine disturbs least)."""
    return (f"{seconds(a, 4) / seconds(b, 4):5.2f}x on medians (means {seconds(a) / seconds(b):5.2f}x,"
            f" fastest runs {seconds(a, 2) / seconds(b, 2):5.2f}x)")

for base, rows in by_file.items():
    print(f"{base}")
    for name, (mean, stddev, fastest, rss, median, cpu, ir) in rows.items():
        if mean in ("", "-"):
            print(f"  {name:9} cannot load")
        else:
            instr = f"   instructions {int(ir) / 1e6:6.1f} M" if ir else ""
            print(f"  {name:9} median {float(median) * 1000:7.1f} ms   mean {float(mean) * 1000:7.1f} ms ± {float(stddev) * 1000:5.1f}"
                  f"   fastest {float(fastest) * 1000:7.1f} ms   CPU {float(cpu) * 1000:7.1f} ms   peak RSS {int(rss) / 1024:6.1f} MiB{instr}")
    odsh = seconds(rows.get("odsh"), 4)
    if odsh is None:
        print("  no ratios: odsh did not load the file")
        continue
    if seconds(rows.get("xmllint"), 4):
        print(f"  odsh/xmllint wall = {ratio_text(rows['odsh'], rows['xmllint'])}")
        ratio = seconds(rows["odsh"], 5) / seconds(rows["xmllint"], 5)
        print(f"  odsh/xmllint CPU  = {ratio:5.2f}x (means of user + system)   target <= 1.6x: {verdict(ratio <= 1.6)}")
    def instructions(name):
        entry = rows.get(name)
        return int(entry[6]) if entry and entry[6] else None
    if instructions("odsh") and instructions("xmllint"):
        ratio = instructions("odsh") / instructions("xmllint")
        print(f"  odsh/xmllint instructions   = {ratio:5.2f}x (callgrind)   target <= 1.6x: {verdict(ratio <= 1.6)}")
    if instructions("odsh") and instructions("sap-odata"):
        ratio = instructions("odsh") / instructions("sap-odata")
        print(f"  odsh/sap-odata instructions = {ratio:5.2f}x (callgrind)   target <= 1.05x: {verdict(ratio <= 1.05)}")
    sap = rows.get("sap-odata")
    if sap and seconds(sap, 4):
        ratio = odsh / seconds(sap, 4)
        print(f"  odsh/sap-odata wall = {ratio_text(rows['odsh'], sap)}   target <= 1x: {verdict(ratio <= 1)}")
        print(f"  odsh/sap-odata CPU  = {seconds(rows['odsh'], 5) / seconds(sap, 5):5.2f}x (means of user + system)")
        mem = int(rows["odsh"][3]) / int(sap[3])
        print(f"  odsh/sap-odata peak RSS = {mem:5.2f}x   target <= 1x: {verdict(mem <= 1)}")
    for lib in ("pyodata", "odatapy"):
        if lib not in rows:
            continue
        other = seconds(rows[lib], 4)
        if other:
            ratio = other / odsh
            print(f"  {lib}/odsh = {ratio_text(rows[lib], rows['odsh'])}   target >= 5x: {verdict(ratio >= 5)}")
        else:
            print(f"  {lib}/odsh = n/a ({lib} cannot load the file)")
PY
if $smoke; then echo "bench: a smoke run (--smoke: tiny input, few runs, $odsh): it shows the pipeline works; its times and verdicts mean nothing"; fi
