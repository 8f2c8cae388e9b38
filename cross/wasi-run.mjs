// wasi-run.mjs - run a wasm32-wasi program under node: the exe_wrapper of cross/wasm32-wasi.ini (arguments, environment, files and exit status passed through).
//
// Usage: node cross/wasi-run.mjs PROGRAM [ARG...]
//
// - Arguments: the program sees argv = [PROGRAM, ARG...].
// - Environment: the whole of node's (CB_BACKEND, CB_SEED, ...).
// - Files: the working directory is preopened as "." and every directory
//   directly under / as itself, so relative paths resolve against the
//   working directory and absolute paths name the host's files (cb-bench
//   writes into its --out directory, contacts_svg its picture). Not
//   reachable: ".." above the working directory and files directly in /.
// - Exit status: the program's (77 stays "skipped" for meson); a trap
//   (abort, out-of-bounds access, stack overflow) prints why and exits 134,
//   as SIGABRT would natively; a module node cannot load exits 1.
// - Node's ExperimentalWarning for WASI is hidden; any other warning is
//   printed. Works with node 18 (Debian 12's nodejs) and later: it uses the
//   'preview1' import object, not WASI.getImportObject (node 20 only).
import { readFile, readdir } from 'node:fs/promises';
import { basename } from 'node:path';

// Installed before node:wasi is loaded: node emits that warning when the
// module is first imported, through the default 'warning' listener.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name === 'ExperimentalWarning' && /WASI/.test(w.message)) return;
  process.stderr.write(`${w.name}: ${w.message}\n`);
});
const { WASI } = await import('node:wasi');

const [program, ...args] = process.argv.slice(2);
if (!program) {
  process.stderr.write('usage: node wasi-run.mjs PROGRAM [ARG...]\n');
  process.exit(2);
}

// wasi-libc resolves a path against the preopen with the longest matching
// prefix; "." matches (with length 0) whatever no other preopen does, which
// is every relative path.
const preopens = { '.': process.cwd() };
for (const d of await readdir('/', { withFileTypes: true })) {
  if (d.isDirectory()) preopens[`/${d.name}`] = `/${d.name}`;
}

const wasi = new WASI({
  version: 'preview1',
  args: [program, ...args],
  env: { ...process.env },
  preopens,
  returnOnExit: true,
});

let instance;
try {
  const module = await WebAssembly.compile(await readFile(program));
  instance = await WebAssembly.instantiate(module, {
    wasi_snapshot_preview1: wasi.wasiImport,
  });
} catch (e) {
  const hint = e instanceof WebAssembly.CompileError
    ? '  (a simd128 module needs an engine with WebAssembly SIMD128)\n' : '';
  process.stderr.write(`wasi-run: cannot load ${program}: ${e.message}\n${hint}`);
  process.exit(1);
}

try {
  process.exitCode = wasi.start(instance) ?? 0;
} catch (e) {
  if (!(e instanceof WebAssembly.RuntimeError)) throw e;
  process.stderr.write(`wasi-run: ${basename(program)} trapped: ${e.message}\n`);
  process.exitCode = 134;
}
