#!/usr/bin/env python3
# gen-api.py - prints docs/api.md, the API on one screen, from the registry and cbatch.h.
"""
Usage: gen-api.py                print docs/api.md
       gen-api.py --check FILE   exit 1, printing the differences and the command that
                                 regenerates it, when FILE is not what this prints

Everything comes from the sources, read by scripts/cbapi.py (the reader the
names test uses too): the query functions from the registry's rows
(src/registry_rows.h), named by cbatch.h's rule from their columns; their
argument and output types from the registry's columns (src/registry.h) and
the header's declarations, which must agree; every other function from the
header's CB_API and static inline declarations, grouped by the header's
sections; the structs, enums and constants from the header, in its order.
A header function that the document would leave out, or a row whose name
is not the rule's, is an error. The meson test `api-doc` (suite header) runs
--check against the committed docs/api.md.
"""
import difflib
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cbapi  # noqa: E402

ROOT = os.path.dirname(HERE)
HEADER = os.path.join(ROOT, "include", "cbatch.h")
ROWS = os.path.join(ROOT, "src", "registry_rows.h")
REGISTRY = os.path.join(ROOT, "src", "registry.h")
REGENERATE = "python3 scripts/gen-api.py > docs/api.md"

FORMS = [  # form, heading, what its rows pair
    ("batch", "Batch: one shape against n elements",
     "one shape by value against `n` elements (SoA; `_aos`: an array of structs)"),
    ("pairs", "Pairs: every circle of a set against the elements",
     "the set (`n_circles`) against `m` elements, a grid or itself, through a "
     "`cb_pair_cursor`; lists resume where the cursor stopped"),
    ("candidates", "Candidates: the pairs your broad phase lists",
     "the set (`n_circles`) and `m` elements, and `const cb_pair *candidates, size_t n`"),
]
SUFFIX_ORDER = ["", "_idx", "_matrix", "_hits", "_first"]
GROUPS = {  # the header's section titles, as headings here
    "many against many": "Grids, scratch and ranges (pairs)",
    "converters": "Converters",
    "rotations": "Rotations",
    "validation": "Validators",
    "backends": "Backends and dispatch",
    "entry points as data": "Entries: every query as data",
}


def code(s):
    return f"`{s}`"


def signature(f):
    params = ", ".join(f"{t} {n}".replace("* ", "*") if n else t for t, n in f.params)
    ret = f.ret if f.ret.endswith("*") else f.ret + " "
    return f"{ret}{f.name}({params or 'void'})"


def bare(t):
    """cb_box_soa of "const cb_box_soa *"."""
    return t.replace("const ", "").replace("*", "").strip()


class Api:
    def __init__(self):
        self.rows = cbapi.registry_rows(ROWS)
        cols = cbapi.registry_columns(REGISTRY)
        self.shapes, self.outputs = cols["shapes"], cols["outputs"]
        self.funcs = cbapi.functions(HEADER)
        self.by_name = {f.name: f for f in self.funcs}
        self.errors = []
        for r in self.rows:
            want = cbapi.rule_name(*r[1:])
            if r.name != want:
                self.errors.append(f"{ROWS}: {r.name}: the rule names its columns {want}")
            if r.name not in self.by_name:
                self.errors.append(f"{r.name}: a registry row that {HEADER} does not declare")
            if r.form not in [f for f, _, _ in FORMS]:
                self.errors.append(f"{r.name}: form {r.form}, which has no table here (FORMS)")

    def out_params(self, row):
        """What a query's call passes from its margin to its capacity: [(type, name)]."""
        t, margin, capacity, _ = self.outputs[row.output]
        params = self.by_name[row.name].params[:-1]  # the flags last
        if params and params[-1] == ("void *", "scratch"):
            params = params[:-1]
        n = 1 + int(margin) + int(capacity)
        out = params[-n:]
        if out[int(margin)][0] != t + " *":
            self.errors.append(f"{row.name}: writes {out[int(margin)][0]}, the registry's "
                               f"output {row.output.upper()} is {t}")
        return out

    def out_cell(self, row):
        words = []
        for t, n in self.out_params(row):
            words.append(code(n) if n in ("margin", "capacity") else code(f"{t}{n}"))
        return ", ".join(words)

    def side(self, shape, column):
        """A shape's C type (column 0) or SoA type (column 1), from registry.h."""
        return self.shapes[shape][column]

    def many_cell(self, many):
        part = self.shapes[many][4]
        if part == "ELS":
            return code(self.side(many, 1))
        if part == "GRID":
            return code("const cb_grid *") + " (no `m`)"
        return "itself (i < j)"

    def set_cell(self, one, many):
        if self.shapes[many][4] == "GSELF":
            return code("const cb_grid *") + " of the set"
        return code(self.side(one, 1))

    def form_table(self, form):
        rows = [r for r in self.rows if r.form == form]
        groups = {}  # (query, one, many) -> {(layout, suffix): row}, in row order
        for r in rows:
            key = (r.query, r.one, r.many)
            groups.setdefault(key, {})[(r.layout, cbapi.OUTPUT_SUFFIX.get(r.output, ""))] = r
        suffixes = [s for s in SUFFIX_ORDER if any((lay, s) in g for g in groups.values()
                                                   for lay in ("soa", "aos"))]
        aos = any(lay == "aos" for g in groups.values() for lay, _ in g)
        head = (["one (by value)", "many (SoA)"] if form == "batch" else ["set", "many"])
        head += ["name"] + [code(s) if s else "(no suffix)" for s in suffixes]
        if aos:
            head.append("`_aos`: many as")
        if form == "pairs":
            head.append("scratch")
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        queries = list(dict.fromkeys(r.query for r in self.rows))  # overlap, distance, ...
        key_order = sorted(groups, key=lambda k: (queries.index(k[0]),
                                                  self.rows.index(next(iter(groups[k].values())))))
        for key in key_order:
            g = groups[key]
            query, one, many = key
            stem = cbapi.rule_name(form, query, one, many, "soa", "")
            if form == "batch":
                cells = [code(self.side(one, 0)), self.many_cell(many)]
            else:
                cells = [self.set_cell(one, many), self.many_cell(many)]
            cells.append(code(stem))
            for s in suffixes:
                r = g.get(("soa", s))
                cells.append(self.out_cell(r) if r else "—" if not s else "")
            if aos:
                soa = {s for lay, s in g if lay == "soa"}
                has = {s for lay, s in g if lay == "aos"}
                cell = code(self.side(many, 0)) if has else "—"
                if has and has != soa:
                    cell += " (only " + ", ".join(code(s) if s else "(no suffix)"
                                                   for s in SUFFIX_ORDER if s in has) + ")"
                cells.append(cell)
            if form == "pairs":
                scratch = [("void *", "scratch") in self.by_name[r.name].params
                           for r in g.values()]
                cells.append("yes" if all(scratch) else "no" if not any(scratch) else "some")
            lines.append("| " + " | ".join(cells) + " |")
        example = next((r for r in rows if r.query == "contacts" and r.layout == "soa"),
                       rows[0])
        return lines, self.by_name[example.name]

    def writers(self):
        """{C type: "form query[ suffix], ..."}: the queries that write each output type."""
        out, integer = {}, {}
        for r in self.rows:
            t = self.outputs[r.output][0]
            suffix = cbapi.OUTPUT_SUFFIX.get(r.output, "")
            words = f"{r.form} {r.query}" + (f" {code(suffix)}" if suffix else "")
            out.setdefault(t, [])
            if words not in out[t]:
                out[t].append(words)
            integer.setdefault(t, set()).add(r.one in cbapi.INTEGER)
        return {t: ", ".join(w) + (" (integer shapes)" if integer[t] == {True} else "")
                for t, w in out.items()}


def struct_fields(s):
    if s.decls is None:
        return "opaque: built in memory of `cb_grid_size(m)` bytes by `cb_grid_*`"
    decls = []
    for t, names in s.decls:
        star = "*" if t.endswith("*") else ""
        base = t[:-1].rstrip() if star else t
        decls.append(base + " " + ", ".join(star + n for n in names))
    return code("; ".join(decls))


def enum_values(e):
    names = [n for n, _, _ in e.values]
    prefix = os.path.commonprefix(names)
    prefix = prefix[:prefix.rfind("_") + 1]
    prefix = prefix if len(prefix) > len("CB_") else ""
    shown = ", ".join(f"{n[len(prefix):]} = {v}" if v else n[len(prefix):]
                      for n, v, _ in e.values)
    return (code(prefix) + ": " if prefix else "") + shown


def wrap(line, width=100):
    """A paragraph, list item or quote of one line as lines of at most width columns (a
    longer word alone), never starting a line with what Markdown would read as a list item,
    a heading, a quote or a table row."""
    first, rest = ("- ", "  ") if line.startswith("- ") else ("> ", "> ") \
        if line.startswith("> ") else ("", "")
    words = line[len(first):].split(" ")
    lines, cur = [], first + words[0]
    for w in words[1:]:
        risky = w in ("-", "*", "+") or w[:1] in ("#", ">", "|") or (w[:-1].isdigit() and
                                                                      w.endswith("."))
        if len(cur) + 1 + len(w) <= width or risky or cur.strip() in ("-", ">"):
            cur += " " + w
        else:
            lines.append(cur)
            cur = rest + w
    return lines + [cur]


def generate():
    api = Api()
    header_rel, rows_rel = "../include/cbatch.h", "../src/registry_rows.h"
    o = []
    o.append("<!-- docs/api.md - generated by scripts/gen-api.py from src/registry_rows.h, "
             "src/registry.h and include/cbatch.h: do not edit; regenerate with "
             f"`{REGENERATE}` -->")
    o.append("# The API on one screen")
    o.append("")
    o.append(f"Every function, struct and constant of [`include/cbatch.h`]({header_rel}), "
             "which is the documentation of record: what each function computes, accepts "
             "and returns, and the float contract. The query functions come from the "
             f"registry, [`src/registry_rows.h`]({rows_rel}), one row per function.")
    o.append("")
    o.append("**Names:** `cb_<form>_<query>[_<one>_<many>][_aos][_<output>]`, the sides left "
             "out for a circle (or a set of circles) against boxes. **Arguments**, always in "
             "this order: the one side, the many side, what the form adds, `float margin` "
             "(contacts), the output and a list's `size_t capacity`, `void *scratch` (pairs "
             "against elements; NULL: the call allocates), `unsigned flags` (0, `CB_STRICT`: "
             "touching is no hit, `CB_TRUST_FENV`). Every query returns `size_t`, what it "
             "wrote (hits, elements, records, pairs), or `CB_INVALID` with nothing written.")
    for form, heading, what in FORMS:
        lines, example = api.form_table(form)
        o += ["", f"## {heading}", ""]
        o.append(f"{what[0].upper()}{what[1:]}; the output columns are what each variant "
                 f"writes, e.g. {code(signature(example))}.")
        o.append("")
        o += lines
    o += ["", "**Outputs** (`cb_output`): " + "; ".join(
        f"{code(n[len('CB_OUTPUT_'):])} {d}" for n, _, d in next(
            e for e in cbapi.enums(HEADER) if e.name == "cb_output").values) + ". A bitmask "
        "has bit `i % 64` of word `i / 64` for element (or candidate) `i`, the bits past `n` "
        "zero."]

    # The matrix form.
    matrix = [r for r in api.rows if r.output == "matrix"]
    if matrix:
        first = api.by_name[matrix[0].name]
        o += ["", "## The matrix form (`_matrix`)", ""]
        o.append(f"{code(signature(first))}: no capacity and no list; the cursor names the "
                 "rows (the zero cursor: all `n_circles`). cbatch.h says:")
        o.append("")
        o.append("> " + first.doc)
        o.append("")
        o.append("So the row stride is `W = (m + 63) / 64` words (`m`: the elements; a grid's: "
                 "`cb_grid_elements(grid, NULL)`) and row `i` is at `matrix + i * W` for circle "
                 "`i` of the whole set, also in a range: a job over circles `[b, e)` writes "
                 "rows `b .. e - 1` of one `n_circles * W` array. The matrix functions: "
                 + ", ".join(code(r.name) for r in matrix) + ".")

    # The other functions, by the header's sections.
    rows = {r.name for r in api.rows}
    others = {}
    for f in api.funcs:
        if f.name not in rows:
            others.setdefault(f.section, []).append(f)
    o += ["", "## The other functions", ""]
    for section, funcs in others.items():
        title = GROUPS.get(section, section.capitalize())
        o.append(f"- **{title}:** " + " · ".join(code(signature(f)) for f in funcs))

    # The types.
    writers = api.writers()
    o += ["", "## Structs, fields in order", "", "| struct | fields | output of |",
          "|---|---|---|"]
    for s in cbapi.structs(HEADER):
        o.append(f"| {code(s.name)} | {struct_fields(s)} | {writers.get(s.name, '')} |")
    o += ["", "## Enums and constants", "", "| enum | values |", "|---|---|"]
    for e in cbapi.enums(HEADER):
        o.append(f"| {code(e.name) if e.name else '(anonymous)'} | {enum_values(e)} |")
    o += ["", "Constants: " + " · ".join(f"{code(n)} {code(v)}"
                                         for n, v in cbapi.constants(HEADER)) + "."]

    listed = rows | {f.name for fs in others.values() for f in fs}
    for f in api.funcs:
        if f.name not in listed:
            api.errors.append(f"{f.name}: declared in {HEADER}, not in the document")
    out = []
    for line in o:
        out += [line] if line[:1] in ("", "|", "#") else wrap(line)
    return "\n".join(out) + "\n", api.errors


def main():
    text, errors = generate()
    if errors:
        for e in errors:
            print(f"gen-api: {e}", file=sys.stderr)
        return 1
    if len(sys.argv) == 1:
        sys.stdout.write(text)
        return 0
    if len(sys.argv) != 3 or sys.argv[1] != "--check":
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[2], encoding="utf-8") as f:
        committed = f.read()
    if committed == text:
        print(f"{sys.argv[2]} is what scripts/gen-api.py prints")
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        committed.splitlines(True), text.splitlines(True), sys.argv[2], "scripts/gen-api.py"))
    print(f"\n{sys.argv[2]} is not what scripts/gen-api.py prints from the registry and "
          f"cbatch.h: regenerate it, from the source root:\n    {REGENERATE}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
