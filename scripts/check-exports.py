#!/usr/bin/env python3
# check-exports.py - a meson test: the shared library exports exactly the CB_API functions of include/cbatch.h (ELF .so or Windows DLL), a program linked with the DLL imports them from it, one linked statically neither imports nor exports them.
"""
Usage: check-exports.py HEADER MODE TOOL FILE [DLL_NAME]
  HEADER  include/cbatch.h: the CB_API declarations are the public API
  MODE    elf       FILE is the shared library; TOOL is nm (nm -D)
          dll       FILE is the DLL; TOOL is the PE objdump (objdump -p)
          imports   FILE is a program linked with the DLL DLL_NAME: it
                    imports cb_ functions from DLL_NAME only, and exports none
          static    FILE is a program linked with the static library: it
                    imports nothing from a cbatch DLL and exports nothing
Exit 0 when the check holds; 1 with the differences otherwise.
"""
import re
import subprocess
import sys


def api(header):
    """The names of the functions the header declares with CB_API."""
    text = open(header, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)  # comments
    text = re.sub(r"//[^\n]*", " ", text)
    text = "\n".join(l for l in text.split("\n") if not l.lstrip().startswith("#"))
    names = set()
    for m in re.finditer(r"\bCB_API\b([^;{()]*)\(", text):
        ids = re.findall(r"[A-Za-z_]\w*", m.group(1))
        names.add(ids[-1])
    return names


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def pe_tables(tool, path):
    """(exports, {dll: imports}) of a PE file, from objdump -p."""
    out = run([tool, "-p", path])
    exports, imports, dll = set(), {}, None
    in_exports = False
    for line in out.split("\n"):
        if "[Ordinal/Name Pointer] Table" in line:
            in_exports = True
            continue
        if in_exports:
            m = re.match(r"\s*\[\s*\d+\]\s+(\S+)", line)
            if m:
                exports.add(m.group(1))
                continue
            in_exports = False
        m = re.match(r"\s*DLL Name:\s*(\S+)", line)
        if m:
            dll = m.group(1).lower()
            imports.setdefault(dll, set())
            continue
        # import lines: "\t<hint-rva> <hint> <name>" (objdump's import table)
        m = re.match(r"\s+[0-9a-fA-F]+\s+\d+\s+(\S+)$", line)
        if dll and m:
            imports[dll].add(m.group(1))
        elif not line.strip() and dll and imports.get(dll):
            dll = None  # the blank line after a DLL's import list
    return exports, imports


def differ(want, got, what):
    missing, extra = sorted(want - got), sorted(got - want)
    for n in missing:
        print(f"  missing from {what}: {n}")
    for n in extra:
        print(f"  not in the API but in {what}: {n}")
    return bool(missing or extra)


def main():
    if len(sys.argv) < 5:
        print(__doc__)
        return 2
    header, mode, tool, path = sys.argv[1:5]
    want = api(header)
    if len(want) < 50:
        print(f"check-exports: only {len(want)} CB_API functions found in {header}: parser broken?")
        return 1
    bad = False
    if mode == "elf":
        got = set()
        for line in run([tool, "-D", "--defined-only", path]).split("\n"):
            f = line.split()
            if len(f) == 3:
                got.add(f[2])
        bad = differ(want, got, f"the dynamic symbols of {path}")
        print(f"check-exports: {path} exports {len(got)} symbols; the header declares {len(want)}")
    elif mode == "dll":
        exports, _ = pe_tables(tool, path)
        bad = differ(want, exports, f"the export table of {path}")
        print(f"check-exports: {path} exports {len(exports)} names; the header declares {len(want)}")
    elif mode in ("imports", "static"):
        exports, imports = pe_tables(tool, path)
        ours = {d: n for d, n in imports.items() if "cbatch" in d}
        cb_exports = sorted(n for n in exports if n.startswith("cb_"))
        if cb_exports:
            print(f"  {path} exports cbatch's functions: {' '.join(cb_exports[:5])} ...")
            bad = True
        if mode == "imports":
            dll = sys.argv[5].lower() if len(sys.argv) > 5 else "libcbatch.dll"
            names = ours.get(dll, set())
            if not names:
                print(f"  {path} imports nothing from {dll} (imports from: {', '.join(sorted(imports))})")
                bad = True
            stray = sorted(n for d, ns in imports.items() if d != dll for n in ns if n.startswith("cb_"))
            if stray or names - want:
                print(f"  cb_ imports not from {dll} or not in the API: {stray + sorted(names - want)}")
                bad = True
            print(f"check-exports: {path} imports {len(names)} cbatch functions from {dll}")
        else:
            if ours:
                print(f"  {path} imports from {', '.join(sorted(ours))}: it should be linked statically")
                bad = True
            print(f"check-exports: {path} imports from {', '.join(sorted(imports)) or 'nothing'}"
                  + ("" if ours else "; no cbatch DLL"))
    else:
        print(__doc__)
        return 2
    print("check-exports: " + ("FAIL" if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
