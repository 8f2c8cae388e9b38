#!/usr/bin/env python3
"""amalgamate.py - write cbatch.h and cbatch.c, the whole library as two files to drop into a game's build.

Usage: python3 scripts/amalgamate.py [OUTDIR]     (default: build/dist)

`cc -O2 -c cbatch.c` then builds every backend of the target architecture
with no instruction-set flags: each SIMD backend's code is compiled for its
instruction set through a target region (GCC `#pragma GCC target`, Clang
`#pragma clang attribute`), and the dispatcher picks one at run time, as the
meson build does with its per-file flags. The float contract's compiler
options become pragmas at the top of the file (no contraction, no errno from
sqrt).

What it takes from the tree, so nothing is listed twice:
  - the library's sources: meson.build's `lib_sources = files(...)`;
  - the backends: meson.build's `isas` rows (name, define, file, flags);
    which architecture each belongs to is the ARCH table below;
  - the project headers: included once where guarded (#ifndef X_H), at
    every #include where not (the templates a backend file re-includes).

One translation unit holds every backend, and each backend file defines the
same names (v_add, vf, the drivers of the templates...). Every name a part
defines at file scope with internal linkage (static functions and data,
typedefs, struct and enum tags, enumerators) is found by running the
preprocessor over that part and reading its declarations, and is renamed
for the part with `#define name cb_<part>__name` (undone after it).
A name missed would be a redefinition: the compilers refuse it, and the
tests build the result with gcc and clang (scripts/test-compilers.sh).
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The architecture of each backend of meson.build's `isas` table: the
# condition that selects it in cbatch.c, the predefined macros that stand
# for that target when the script preprocesses the part on this machine,
# and the GCC/Clang target string its meson flags become ('' where the
# flags stay the whole build's: NEON is every AArch64 CPU's, and a wasm
# module is SIMD128 or not as a whole, -msimd128).
X86 = 'defined(__x86_64__) || defined(_M_X64)'
SCALAR = 'src/scalar/kernels_scalar.c'
ARCH = {
    'sse': (X86, ['-D__x86_64__', '-D__SSE2__']),
    'avx2': (X86, ['-D__x86_64__', '-D__SSE2__', '-D__AVX__', '-D__AVX2__', '-D__POPCNT__']),
    'avx512': (X86, ['-D__x86_64__', '-D__SSE2__', '-D__AVX__', '-D__AVX2__', '-D__AVX512F__',
                     '-D__POPCNT__']),
    'neon': ('defined(__aarch64__) || defined(_M_ARM64)', ['-D__aarch64__', '-D__ARM_NEON=1']),
    'simd128': ('defined(__wasm__) && defined(__wasm_simd128__)',
                ['-D__wasm__', '-D__wasm32__', '-D__wasm_simd128__']),
}
TARGET_FLAG = re.compile(r"^-m(no-)?([a-z0-9.]+)$")

C_KEYWORDS = set('''auto break case char const continue default do double else enum extern float
for goto if inline int long register restrict return short signed sizeof static struct switch
typedef union unsigned void volatile while _Alignas _Alignof _Atomic _Bool _Complex _Generic
_Imaginary _Noreturn _Static_assert _Thread_local __attribute__ __inline __inline__ __restrict
__restrict__ __extension__ __asm__ asm __typeof__ typeof'''.split())


def read(path):
    with open(os.path.join(ROOT, path), encoding='utf-8') as f:
        return f.read()


def meson_tables():
    """The library's sources and the backend rows, from meson.build."""
    text = read('meson.build')
    m = re.search(r"lib_sources = files\((.*?)\)", text, re.S)
    sources = re.findall(r"'([^']+\.c)'", m.group(1))
    isas = []
    for name, define, path, flags in re.findall(
            r"\['(\w+)', '(\w+)', '([^']+\.c)', \[([^\]]*)\],", text):
        isas.append((name, define, path, re.findall(r"'([^']+)'", flags)))
    return sources, isas


def target_string(flags):
    """meson's ISA flags as a target attribute: -mavx2 -mno-fma -> 'avx2,no-fma'."""
    feats = []
    for f in flags:
        m = TARGET_FLAG.match(f)
        if not m:
            sys.exit('amalgamate.py: no target attribute for the flag %s' % f)
        feats.append(('no-' if m.group(1) else '') + m.group(2))
    return ','.join(f for f in feats if f != 'simd128')


def is_guarded(text):
    """A header whose whole text is inside its guard (#ifndef X / #define X
    ... #endif), or with #pragma once: the compiler reads it once. registry.h
    is not: the query files' part is outside its guard on purpose."""
    body = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    directives = [ln.strip() for ln in body.splitlines() if ln.strip().startswith('#')]
    if directives[:1] == ['#pragma once']:
        return True
    if len(directives) < 3 or not directives[0].startswith('#ifndef ') or \
            directives[1].split()[:2] != ['#define', directives[0].split()[1]]:
        return False
    depth = 0
    for i, d in enumerate(directives):
        word = re.match(r'#\s*(\w+)', d).group(1)
        depth += {'if': 1, 'ifdef': 1, 'ifndef': 1, 'endif': -1}.get(word, 0)
        if depth == 0:
            return i == len(directives) - 1
    return False


INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


class Inliner:
    """Project #includes replaced by the files' text: a header of the
    library's own files once, ahead of every part; the headers only the
    backends include (the templates, the query files) in each backend, at
    every inclusion (their guards, if any, are undone after the backend).
    cb_built.h, meson's list of the built backends, is the block at the
    top of cbatch.c."""

    def __init__(self, common):
        self.common = common   # guarded headers the library's own files include
        self.done = set()      # headers already written
        self.hoisted = []      # guarded headers, written once ahead of every part
        self.hoisted_paths = []
        self.system = []       # a backend part's system includes, hoisted

    def find(self, name, here):
        for d in (here, 'src', 'include'):
            p = os.path.normpath(os.path.join(d, name))
            if os.path.exists(os.path.join(ROOT, p)):
                return p
        return None

    def expand(self, path, in_backend, in_header=False):
        out = ['/* ---- %s ---- */' % path]
        here = os.path.dirname(path)
        for line in read(path).splitlines():
            m = INCLUDE.match(line)
            if not m:
                out.append(line)
                continue
            kind, name = m.groups()
            if kind == '<':
                if in_backend:
                    if line.strip() not in self.system:
                        self.system.append(line.strip())
                else:
                    out.append(line)
                continue
            if name == 'cb_built.h':
                out.append('/* cb_built.h: the backends, at the top of this file */')
                continue
            if name == 'cbatch.h':
                if 'cbatch.h' not in self.done:
                    self.done.add('cbatch.h')
                    out.append('#include "cbatch.h"')
                continue
            p = self.find(name, here)
            if p is None:
                sys.exit('amalgamate.py: %s includes "%s", which is not in the tree' % (path, name))
            if p in self.common:
                if p in self.done:
                    continue
                self.done.add(p)
                if in_header:   # in the header that includes it, as written
                    out.append(self.expand(p, False, True))
                else:
                    self.hoisted.append(self.expand(p, False, True))
                    self.hoisted_paths.append(p)
            else:
                out.append(self.expand(p, in_backend, in_header))
        return '\n'.join(out)


TOKEN = re.compile(r'''
    (?P<marker>^\#\s*\d+\s+"[^"]*".*$)     # a line marker of the preprocessor
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<num>\.?\d(?:[\w.]|[eEpP][+-])*)
  | (?P<str>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')
  | (?P<punct>\.\.\.|->|[{}()\[\];,=*])
  | (?P<other>\S)
''', re.X | re.M)


def preprocess(source, defines, dump_macros=False):
    """The preprocessor's output for a file of the tree, on this machine, with
    empty system headers and the target's macros standing in for the target
    (declarations are read, not compiled); with dump_macros, the macros
    defined at its end (-dM)."""
    with tempfile.TemporaryDirectory() as stubs:
        for h in system_headers():
            os.makedirs(os.path.dirname(os.path.join(stubs, h)), exist_ok=True)
            open(os.path.join(stubs, h), 'w').close()
        with open(os.path.join(stubs, 'cb_built.h'), 'w') as f:
            f.write('#define CB_BUILT_BACKENDS(X) X(SCALAR, scalar)\n')
        undef = ['-U__x86_64__', '-U__SSE__', '-U__SSE2__', '-U__MMX__', '-U__aarch64__']
        cmd = ['cc', '-E', '-nostdinc', '-std=c11'] + (['-dM'] if dump_macros else []) + \
            undef + defines + ['-I', stubs, '-I', os.path.join(ROOT, 'src'),
                               '-I', os.path.join(ROOT, 'include'), os.path.join(ROOT, source)]
        return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def macros_at_end(source, defines):
    return set(re.findall(r'^#define (\w+)', preprocess(source, defines, True), re.M))


def file_scope_names(source, defines):
    """The names the tree's files define at file scope with internal linkage
    (static functions and data, typedefs, tags, enumerators) in a
    preprocessed source; system headers' are left out."""
    text = preprocess(source, defines)
    tree = (os.path.join(ROOT, 'src') + os.sep, os.path.join(ROOT, 'include') + os.sep)
    names = set()
    decl, depth, origin, enum_body = [], 0, None, False
    for m in TOKEN.finditer(text):
        if m.group('marker'):
            f = re.search(r'"([^"]*)"', m.group('marker')).group(1)
            origin = os.path.normpath(f if os.path.isabs(f) else os.path.join(ROOT, f))
            origin = origin.startswith(tree)
            continue
        tok = m.group(0)
        if depth == 0 and not decl:
            decl_origin = origin
        if tok == '{':
            if depth == 0:
                kinds = [t for t in decl if t in ('struct', 'union', 'enum')]
                enum_body = bool(decl) and decl[-1] != ')' and 'enum' in kinds[-1:] \
                    and '=' not in decl
            depth += 1
            decl.append(tok)
            continue
        if tok == '}':
            depth -= 1
            decl.append(tok)
            if depth == 0 and body_is_function(decl):
                if decl_origin:
                    take(decl, names)
                decl = []
            continue
        if depth == 1 and enum_body and m.group('ident') and decl and decl[-1] in ('{', ','):
            if decl_origin:
                names.add(tok)
        if depth == 0 and tok == ';':
            if decl_origin:
                take(decl, names)
            decl = []
            enum_body = False
            continue
        decl.append(tok)
    return names


def body_is_function(decl):
    """decl ends with a function body: a ')' (or attributes) before its '{'."""
    depth = 0
    for i, t in enumerate(decl):
        if t == '{':
            if depth == 0:
                j = i - 1
                return j >= 0 and decl[j] == ')'
        elif t == '(':
            depth += 1
        elif t == ')':
            depth -= 1
    return False


def skip_attributes(toks):
    out, i = [], 0
    while i < len(toks):
        if toks[i] in ('__attribute__', '__declspec', '__asm__', 'asm') and i + 1 < len(toks) \
                and toks[i + 1] == '(':
            depth, i = 0, i + 1
            while i < len(toks):
                depth += {'(': 1, ')': -1}.get(toks[i], 0)
                i += 1
                if depth == 0:
                    break
            continue
        out.append(toks[i])
        i += 1
    return out


def take(decl, names):
    """The names one file-scope declaration gives internal linkage to."""
    toks = skip_attributes(decl)
    if not toks:
        return
    # struct, union and enum tags defined here
    for i, t in enumerate(toks[:-2]):
        if t in ('struct', 'union', 'enum') and re.match(r'[A-Za-z_]\w*$', toks[i + 1]) \
                and toks[i + 2] == '{':
            names.add(toks[i + 1])
    if 'typedef' not in toks and 'static' not in toks:
        return
    # the declarators: outside braces and brackets, the identifier before
    # '(' (a function), '[', '=', ',', ';' or ')' (in (*name)(...))
    depth = 0
    for i, t in enumerate(toks):
        if t in ('{', '[', '(') and depth == 0:
            if t == '(' and toks[i + 1:i + 2] == ['*']:
                inner = [u for u in toks[i + 2:] if u not in ('const', 'restrict', '*')]
                if inner and is_name(inner[0]):
                    names.add(inner[0])             # T (*name)(...), T (*const name[N])(...)
            elif t in ('(', '[') and i > 0 and is_name(toks[i - 1]):
                names.add(toks[i - 1])              # a function, an array
        if t in ('{', '[', '('):
            depth += 1
            continue
        if t in ('}', ']', ')'):
            depth -= 1
            continue
        if depth == 0 and t in ('=', ',', ';') and i > 0 and is_name(toks[i - 1]):
            names.add(toks[i - 1])
    if toks[-1] not in (';', '}') and is_name(toks[-1]):
        names.add(toks[-1])                 # typedef ... name (the ';' ends decl)


def is_name(t):
    return re.match(r'[A-Za-z_]\w*$', t) is not None and t not in C_KEYWORDS


def system_headers():
    """Every <header> the library's files include."""
    found = set()
    for d in ('src', 'include'):
        for dirpath, _, files in os.walk(os.path.join(ROOT, d)):
            for f in files:
                with open(os.path.join(dirpath, f), encoding='utf-8') as fh:
                    found |= set(re.findall(r'#\s*include\s*<([^>]+)>', fh.read()))
    return found


def headers_of(path, seen=None):
    """The project headers a file includes, at any depth."""
    seen = set() if seen is None else seen
    here = os.path.dirname(path)
    for name in re.findall(r'#\s*include\s*"([^"]+)"', read(path)):
        for d in (here, 'src', 'include'):
            p = os.path.normpath(os.path.join(d, name))
            if os.path.exists(os.path.join(ROOT, p)):
                if p not in seen:
                    seen.add(p)
                    headers_of(p, seen)
                break
    return seen


def renamed(part, names, text):
    """text with each name renamed for the part, and the names back after."""
    names = sorted(names)
    pre = ['#define %s cb_%s__%s' % (n, part, n) for n in names]
    post = ['#undef %s' % n for n in names]
    return '\n'.join(pre + [text] + post)


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join('build', 'dist')
    os.makedirs(outdir, exist_ok=True)
    sources, isas = meson_tables()
    version = re.search(r"version: '([^']+)'", read('meson.build')).group(1)
    common = {h for p in sources for h in headers_of(p) if is_guarded(read(h))}
    inl = Inliner(common)

    # The headers of the library's own files, once, ahead of every part:
    # what they define is common to all parts, and keeps its name.
    texts = {p: inl.expand(p, False) for p in sources + [SCALAR]}
    common_tu = os.path.join(outdir, 'common.c')
    with open(common_tu, 'w', encoding='utf-8') as f:
        f.write(''.join('#include "%s"\n' % os.path.join(ROOT, h) for h in inl.hoisted_paths))
    defines = {p: ARCH['sse'][1] for p in texts}
    for name, _, path, _ in isas:
        defines[path] = ARCH[name][1]
        texts[path] = None
    common_names, common_macros = set(), {}
    for d in {tuple(v) for v in defines.values()}:
        common_names |= file_scope_names(common_tu, list(d))
        common_macros[d] = macros_at_end(common_tu, list(d))
    os.remove(common_tu)

    # A part's names are renamed where another part defines them too (the
    # library's own files, whose system headers are included in place and
    # are left untouched that way) or always (a backend: every backend
    # defines the same ones); its macros are undefined after it.
    own = {p: file_scope_names(p, defines[p]) - common_names for p in defines}
    seen = {}
    for names in own.values():
        for n in names:
            seen[n] = seen.get(n, 0) + 1

    def part_text(part, path, names, text):
        local = macros_at_end(path, defines[path]) - common_macros[tuple(defines[path])]
        return renamed(part, names, text) + '\n' + '\n'.join(
            '#undef ' + m for m in sorted(local))

    parts = []
    for path in sources:
        part = os.path.splitext(os.path.basename(path))[0]
        parts.append(part_text(part, path, {n for n in own[path] if seen[n] > 1}, texts[path]))
    parts.append(part_text('scalar', SCALAR, own[SCALAR], texts[SCALAR]))

    built = {}
    regions = []
    for name, define, path, flags in isas:
        cond = ARCH[name][0]
        built.setdefault(cond, []).append((name, define))
        inl.system = []
        body = part_text(name, path, own[path], inl.expand(path, True))
        target = target_string(flags)
        if target:
            body = '\n'.join([
                '#if defined(__clang__)',
                '#pragma clang attribute push(__attribute__((target("%s"))), '
                'apply_to = function)' % target,
                '#elif defined(__GNUC__)',
                '#pragma GCC push_options',
                '#pragma GCC target("%s")' % target,
                '#endif',
                body,
                '#if defined(__clang__)',
                '#pragma clang attribute pop',
                '#elif defined(__GNUC__)',
                '#pragma GCC pop_options',
                '#endif'])
        regions.append('\n'.join(['', '/* ==== backend %s ==== */' % name, '#if ' + cond] +
                                 inl.system + [body, '#endif /* backend %s */' % name]))

    # meson's cb_built.h and -DCB_HAVE_<ISA>, by architecture
    conf = []
    for i, (cond, rows) in enumerate(built.items()):
        conf.append(('#if ' if i == 0 else '#elif ') + cond)
        conf += ['#define CB_HAVE_%s 1' % d for _, d in rows]
        conf.append('#define CB_BUILT_BACKENDS(X) X(SCALAR, scalar) ' +
                    ' '.join('X(%s, %s)' % (d, n) for n, d in rows))
    conf += ['#else', '#define CB_BUILT_BACKENDS(X) X(SCALAR, scalar)', '#endif']

    head = HEAD.format(version=version) + '\n'.join(conf) + '\n'
    body = '\n\n'.join(inl.hoisted + parts + regions) + '\n'
    with open(os.path.join(outdir, 'cbatch.c'), 'w', encoding='utf-8') as f:
        f.write(head + '\n' + body)
    with open(os.path.join(outdir, 'cbatch.h'), 'w', encoding='utf-8') as f:
        f.write(read('include/cbatch.h'))
    print('amalgamate.py: %s/cbatch.c (%d lines), %s/cbatch.h' % (
        outdir, (head + body).count('\n') + 1, outdir))


HEAD = '''/* cbatch.c - cbatch {version}, the whole library in one file (with cbatch.h): generated by scripts/amalgamate.py from the repository's sources; do not edit. */
/*
 * Build:  cc -O2 -c cbatch.c       (gcc or clang; C11 or later, any -O level)
 * No instruction-set flag is needed, and none may be given that widens the
 * baseline (-march=native, -mavx2, -mfma: the dispatcher and the scalar
 * reference refuse to build): every backend of the target is in this file,
 * compiled for its instruction set by a target region, and the best one the
 * CPU and OS support is chosen at run time. The results are the same bits on
 * every backend and every compiler the tests run (README: "Two files").
 * x86-64: scalar, SSE2, AVX2, AVX-512F. AArch64: scalar, NEON.
 * WebAssembly: scalar; with -msimd128, SIMD128 too (the module then needs an
 * engine with SIMD128). Other targets: scalar.
 * MSVC: not supported by this file (the library uses GCC/Clang builtins and
 * C11 atomics); build it with clang-cl or the meson build.
 * Define CB_STATIC when compiling this file and the files that include
 * cbatch.h into a Windows program, so nothing is dllimport/dllexport.
 */

/* The float contract's compiler options, as pragmas: no fused multiply-add
 * from contraction (GCC contracts a*b+c in its default GNU mode), and sqrt as
 * the IEEE operation, with no errno. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off", "no-math-errno")
#endif

/* A backend leaves some of the templates' static inline functions unused:
 * in the meson build they are in headers, where clang does not warn. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunused-function"
#endif

/* The backends this file builds, by architecture (meson writes the same
 * list into cb_built.h from its probes). */
'''

if __name__ == '__main__':
    main()
