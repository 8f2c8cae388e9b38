# cbapi.py - how the scripts read the registry and cbatch.h, and cbatch.h's naming rule.
"""
The one reader of src/registry_rows.h, src/registry.h and include/cbatch.h
for the scripts: scripts/check-names.py (the names test) and
scripts/gen-api.py (docs/api.md) import it, so the two never read the
sources differently. Standard library only.

  registry_rows(path)     src/registry_rows.h: one (name, form, query, one,
                          many, layout, output) per CB_ROW, in entry order,
                          the parts lower case as `cb-info --entries` prints
  registry_columns(path)  src/registry.h: {"shapes": {SHAPE: (T, SOA, ...)},
                          "outputs": {OUTPUT: (T, MARGIN, CAPACITY, SINK)}}
  functions(header)       the CB_API and static inline functions, in order
  declarations(header)    {name: [[parameter types], ...]} of the CB_API ones
  structs(header)         the typedef structs and their fields, in order
  enums(header)           the enums (typedef'd or not) and their names
  constants(header)       the #define CB_* constants and their values
  rule_name, rule_params  cbatch.h's naming rule (NAMES AND ARGUMENTS)
"""
import re
from collections import namedtuple

Function = namedtuple("Function", "ret name params api section doc")  # params: [(type, name)]
Struct = namedtuple("Struct", "name decls")  # decls: [(type, [field, ...])], None: opaque
Enum = namedtuple("Enum", "name values")  # name None: anonymous; values: [(name, value, doc)]
Row = namedtuple("Row", "name form query one many layout output")


def _blank_comments(text):
    """text with every comment replaced by blanks of its length (newlines kept), so offsets
    into it are offsets into the file."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    return re.sub(r"//[^\n]*", blank, text)


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


# ------------------------------------------------------------ the registry

def registry_rows(path):
    """The CB_ROW rows of src/registry_rows.h, in entry order."""
    text = _blank_comments(_read(path))
    rows = []
    for m in re.finditer(r"^\s*CB_ROW\(([^)]*)\)", text, flags=re.M):
        cols = [c.strip() for c in m.group(1).split(",")]
        if len(cols) != 7:
            raise ValueError(f"{path}: a CB_ROW of {len(cols)} columns: {m.group(0)}")
        rows.append(Row(cols[0], *(c.lower() for c in cols[1:])))
    return rows


def registry_columns(path):
    """The shapes' and outputs' rows of src/registry.h (registry.h says what each column is)."""
    text = _blank_comments(_read(path))
    cols = {}
    for kind in ("SHAPE", "OUTPUT"):
        table = {}
        for m in re.finditer(rf"^#define CB_{kind}_COLUMNS_(\w+) \(([^)]*)\)", text, flags=re.M):
            table[m.group(1).lower()] = tuple(c.strip() for c in m.group(2).split(","))
        cols[kind.lower() + "s"] = table
    return cols


# -------------------------------------------------------------- the header

def _sections(raw):
    """[(offset, title)] of the header's section rules, `/* ------ title */`."""
    return [(m.start(), m.group(1).strip())
            for m in re.finditer(r"/\* -{6,} ([^*]+?) \*/", raw)]


def split_param(q):
    """("const cb_box_soa *", "boxes") of "const cb_box_soa *boxes"; (type, "") unnamed."""
    q = " ".join(q.split())
    q = re.sub(r"\s*\*\s*", " *", q)  # "const cb_box_soa *boxes"
    name = ""
    if not q.endswith("*"):
        m = re.search(r"\s*\b(\w+)$", q)
        rest = q[:m.start()]
        if rest:  # a name after the type
            name, q = m.group(1), rest
    q = re.sub(r"\s*\*\s*$", " *", q).strip()
    return re.sub(r"\*\s+\*", "**", q), name  # "const char **"


def _doc_text(comment):
    """The words of a comment, its markers and leading stars dropped, on one line."""
    comment = re.sub(r"^/\*+<?|\*+/$", "", comment.strip())
    return " ".join(re.sub(r"^\s*\* ?", "", l) for l in comment.split("\n")).strip()


def _doc_before(raw, offset):
    """The comment that ends right before offset (only blanks between), or ""."""
    head = raw[:offset].rstrip()
    if not head.endswith("*/"):
        return ""
    return " ".join(_doc_text(head[head.rindex("/*"):]).split())


def functions(header):
    """The header's functions in order: CB_API (api True) and static inline (api False)."""
    raw = _read(header)
    text = _blank_comments(raw)
    sections = _sections(raw)
    found = []
    for api, pattern in ((True, r"\bCB_API\b([^;{(]*?)\b(\w+)\s*\(([^)]*)\)\s*;"),
                         (False, r"\bstatic\s+inline\s+([^;{(]*?)\b(\w+)\s*\(([^)]*)\)\s*\{")):
        for m in re.finditer(pattern, text):
            params = []
            for q in m.group(3).split(","):
                if " ".join(q.split()) not in ("", "void"):
                    params.append(split_param(q))
            ret = re.sub(r"\s*\*\s*", " *", " ".join(m.group(1).split())).strip()
            section = ([t for o, t in sections if o < m.start()] or [""])[-1]
            found.append((m.start(), Function(ret, m.group(2), params, api, section,
                                              _doc_before(raw, m.start()))))
    return [f for _, f in sorted(found, key=lambda x: x[0])]


def declarations(header):
    """{name: [parameter types]} of the header's CB_API functions (a list per declaration)."""
    decls = {}
    for f in functions(header):
        if f.api:
            decls.setdefault(f.name, []).append([t for t, _ in f.params])
    return decls


def _declarators(decl):
    """(type, [names]) of one member declaration, "const float *x, *y" -> ("const float *",
    ["x", "y"]); the pointer stars of the first declarator are taken for all (cbatch.h's
    members never mix pointers and values in one declaration)."""
    parts = [p.strip() for p in decl.split(",")]
    m = re.match(r"^(.*?)\s*(\**)\s*(\w+)$", parts[0])
    base, stars = m.group(1), m.group(2)
    names = [m.group(3)] + [p.lstrip("* ") for p in parts[1:]]
    return (base + (" " + stars if stars else "")), names


def structs(header):
    """The header's typedef structs in order, each with its member declarations in order;
    an opaque one (typedef struct cb_grid cb_grid;) has decls None."""
    text = _blank_comments(_read(header))
    found = []
    for m in re.finditer(r"\btypedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", text, flags=re.S):
        decls = [_declarators(" ".join(d.split())) for d in m.group(2).split(";") if d.strip()]
        found.append((m.start(), Struct(m.group(3), decls)))
    for m in re.finditer(r"\btypedef\s+struct\s+(\w+)\s+(\w+)\s*;", text):
        found.append((m.start(), Struct(m.group(2), None)))
    return [s for _, s in sorted(found, key=lambda x: x[0])]


def enums(header):
    """The header's enums in order: (typedef name or None, [(enumerator, value text, its
    /**< */ comment)])."""
    raw = _read(header)
    text = _blank_comments(raw)
    found = []
    for m in re.finditer(r"\b(typedef\s+)?enum\s*(\w*)\s*\{(.*?)\}\s*(\w*)\s*;", text, flags=re.S):
        items = list(re.finditer(r"(\w+)\s*(?:=\s*([^,]*?))?\s*(?:,|$)", m.group(3).rstrip()))
        values = []
        for k, item in enumerate(items):
            end = items[k + 1].start() if k + 1 < len(items) else len(m.group(3))
            seg = raw[m.start(3) + item.start():m.start(3) + end]
            doc = re.search(r"/\*\*<.*?\*/", seg, flags=re.S)
            values.append((item.group(1), " ".join((item.group(2) or "").split()),
                           " ".join(_doc_text(doc.group(0)).split()) if doc else ""))
        found.append(Enum(m.group(4) or None, values))
    return found


def constants(header):
    """[(name, value)] of the header's #define CB_* constants (CB_API excluded)."""
    text = _blank_comments(_read(header))
    return [(m.group(1), " ".join(m.group(2).split()))
            for m in re.finditer(r"^#define (CB_\w+)[ \t]+(.+)$", text, flags=re.M)
            if m.group(1) != "CB_API"]


# ---------------------------------------------------------- the naming rule
#
# The rule (cbatch.h, NAMES AND ARGUMENTS), written here a second time and
# independently of src/registry.h's token pastes:
#
#     cb_<form>_<query>[_<one>_<many>][_aos][_<output>]
#
# and the arguments: the one side, the many side, what the form adds, the
# margin, the output, the scratch, the flags.

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
