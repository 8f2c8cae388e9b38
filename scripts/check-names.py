#!/usr/bin/env python3
# check-names.py - a meson test: every query function's name and argument order follow cbatch.h's naming rule from the registry's columns, and the header declares exactly the registry's queries.
"""
Usage: check-names.py HEADER CB_INFO
  HEADER   include/cbatch.h
  CB_INFO  the cb-info program; `cb-info --entries` prints the library's
           table, one entry per line: name form query one many layout output

The rule (cbatch.h, NAMES AND ARGUMENTS), written a second time in
scripts/cbapi.py (rule_name, rule_params; scripts/gen-api.py names
docs/api.md's functions by it too), independently of src/registry.h's token
pastes:

    cb_<form>_<query>[_<one>_<many>][_aos][_<output>]

and the arguments: the one side, the many side, what the form adds, the
margin, the output, the scratch, the flags. This checks
  1. every entry's name is the rule applied to its columns;
  2. the header's query functions (cb_batch_*, cb_pairs_*, cb_candidates_*
     but cb_pairs_scratch_size) are exactly the entries, each once;
  3. each one's parameter types are, in order, the ones the rule gives.
With the exports tests (check-exports.py: the .so and the Windows DLL export
exactly the header's CB_API functions) the rule, the registry, the header
and the export lists are held together. Exit 0 when all hold, 1 otherwise.
"""
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cbapi import declarations, rule_name, rule_params  # noqa: E402  (the rule: cbapi.py)

NOT_QUERIES = {"cb_pairs_scratch_size"}


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    header, cb_info = sys.argv[1:3]
    lines = subprocess.run([cb_info, "--entries"], check=True, capture_output=True,
                           text=True).stdout.split("\n")
    entries = [l.split() for l in lines if l.strip()]
    decls = declarations(header)
    bad = 0
    if len(entries) < 40:
        print(f"cb-info --entries listed {len(entries)} entries: too few to be the table")
        bad += 1
    names = set()
    for cols in entries:
        if len(cols) != 7:
            print(f"  unreadable line: {' '.join(cols)}")
            bad += 1
            continue
        name, parts = cols[0], cols[1:]
        want = rule_name(*parts)
        if name != want:
            print(f"  {name}: the rule gives {want} for {' '.join(parts)}")
            bad += 1
        if name in names:
            print(f"  {name}: two entries")
            bad += 1
        names.add(name)
        got = decls.get(name)
        if not got:
            print(f"  {name}: not declared in {header}")
            bad += 1
            continue
        if len(got) != 1:
            print(f"  {name}: declared {len(got)} times")
            bad += 1
        want_p = rule_params(*parts)
        if got[0] != want_p:
            print(f"  {name}: parameters\n      ({', '.join(got[0])})\n    the rule gives\n"
                  f"      ({', '.join(want_p)})")
            bad += 1
    queries = {n for n in decls if re.match(r"cb_(batch|pairs|candidates)_", n)} - NOT_QUERIES
    for n in sorted(queries - names):
        print(f"  {n}: declared in the header as a query, but no entry of the table")
        bad += 1
    print(f"{len(entries)} entries, {len(queries)} query declarations, "
          f"{sum(len(v) for v in decls.values())} CB_API functions: "
          + ("names, arguments and table agree" if not bad else f"{bad} disagreements"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
