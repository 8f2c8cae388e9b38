#!/usr/bin/env python3
# check-names.py - a meson test: every query function's name and argument order follow cbatch.h's naming rule from the registry's columns, and the header declares exactly the registry's queries.
"""
Usage: check-names.py HEADER CB_INFO
  HEADER   include/cbatch.h
  CB_INFO  the cb-info program; `cb-info --entries` prints the library's
           table, one entry per line: name form query one many layout output

The rule (cbatch.h, NAMES AND ARGUMENTS), written here a second time and
independently of src/registry.h's token pastes:

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
import re
import subprocess
import sys

NOT_QUERIES = {"cb_pairs_scratch_size"}

# Each form's default pairing, left out of the name.
DEFAULT_SIDES = {"batch": ("circle", "box"), "pairs": ("circle", "box"),
                 "candidates": ("circle", "box")}
# The sweep query's moving side is named as the circle it moves: its
# default pairing is a sweep against boxes.
SWEEP_SIDES = ("sweep", "box")
PLURAL = {"circle": "circles", "box": "boxes", "obox": "oboxes", "grid": "grid",
          "self": "self", "grid_self": "grid_self", "icircle": "icircles", "ibox": "iboxes",
          "sweep": "circles"}  # moving circles, named as the circles they move
INTEGER = {"icircle", "ibox"}
OUTPUT_SUFFIX = {"indices": "_idx", "matrix": "_matrix", "hits": "_hits", "first_hit": "_first",
                 "pair_first_hits": "_first"}


def rule_name(form, query, one, many, layout, output):
    name = f"cb_{form}_{query}"
    default = SWEEP_SIDES if query == "sweep" else DEFAULT_SIDES[form]
    if (one, many) != default:
        one_word = one if form == "batch" else PLURAL.get(one, one)  # a single shape, or the set
        if one == "sweep":  # a moving circle, or a set of them
            one_word = "circle" if form == "batch" else "circles"
        name += f"_{one_word}_{PLURAL[many]}"
    if layout == "aos":
        name += "_aos"
    return name + OUTPUT_SUFFIX.get(output, "")


def rule_params(form, query, one, many, layout, output):
    """The parameter types, in order, that the rule gives."""
    shapes = ("circle", "box", "obox", "icircle", "ibox", "sweep")
    soa = {s: f"const cb_{s}_soa *" for s in shapes}
    aos = {s: f"const cb_{s} *" for s in shapes}
    p = []
    # 1. the one side
    if form == "batch":
        p.append(f"cb_{one}")
    elif many == "grid_self":  # the set, prepared as a grid (against itself)
        p.append("const cb_grid *")
    else:  # the set: circles, integer circles against integer elements, or sweeps
        kind = "sweep" if one == "sweep" else "icircle" if one in INTEGER else "circle"
        p += [f"const cb_{kind}_soa *", "size_t"]
    # 2. the many side
    if many == "grid":
        p.append("const cb_grid *")
    elif many not in ("self", "grid_self"):
        p += [(aos if layout == "aos" else soa)[many], "size_t"]
    # 3. what the form adds
    if form == "pairs":
        p.append("cb_pair_cursor *")
    elif form == "candidates":
        p += ["const cb_pair *", "size_t"]
    # 4. the query's parameter (the integer shapes take none)
    if query == "contacts" and one not in INTEGER:
        p.append("float")
    # 5. the output, and a list's capacity
    p.append({"mask": "uint64_t *", "indices": "uint32_t *", "distances": "float *",
              "contacts": "cb_contacts *", "pairs": "cb_pair *", "matrix": "uint64_t *",
              "pair_contacts": "cb_pair_contacts *", "int_distances": "cb_int_distances *",
              "int_contacts": "cb_int_contacts *",
              "int_pair_contacts": "cb_int_pair_contacts *", "times": "float *",
              "hits": "cb_sweep_hits *", "first_hit": "cb_sweep_hits *",
              "pair_first_hits": "cb_pair_sweep_hits *"}[output])
    if output in ("pairs", "pair_contacts", "int_pair_contacts", "pair_first_hits"):
        p.append("size_t")
    # 6. the scratch of pairs against elements
    if form == "pairs" and many not in ("grid", "grid_self"):
        p.append("void *")
    # 7. the flags
    p.append("unsigned")
    return p


def declarations(header):
    """{name: [parameter types]} of the header's CB_API functions."""
    text = open(header, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    decls = {}
    for m in re.finditer(r"\bCB_API\b[^;{(]*?\b(\w+)\s*\(([^)]*)\)\s*;", text):
        params = []
        for q in m.group(2).split(","):
            q = " ".join(q.split())
            if q in ("", "void"):
                continue
            q = re.sub(r"\s*\*\s*", " *", q)  # "const cb_box_soa *boxes"
            q = re.sub(r"\s*\w+$", "", q) if not q.endswith("*") else q
            params.append(re.sub(r"\s*\*\s*$", " *", q).strip())
        decls.setdefault(m.group(1), []).append(params)
    return decls


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
