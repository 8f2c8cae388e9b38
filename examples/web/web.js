// web.js - the page's one module: loads the scene modules (scene.c as WASI reactors) with a tiny import object, steps and draws the shooter frame, times it per module, and runs cb-digest in a worker (this same file) with a minimal hand-written WASI.
//
// Files next to the page (scripts/web.sh and scripts/test-browser.sh copy them):
//   scene-simd128.wasm, scene-scalar.wasm          examples/web/scene.c, reactors
//   cb-digest-simd128.wasm, cb-digest-scalar.wasm  tests/digest/cb-digest, commands
//   cb-digest.expected                             the committed digest
// The SIMD128 files are used only where WebAssembly.validate accepts them
// (an engine without SIMD128 refuses the whole module); ?simd=off forces the
// scalar ones alone. ?frames=N: the test run (scripts/test-browser.sh): N
// frames on each module as fast as they go, both digests, then
// window.cbResult = {done: true, ...}; without it the scene runs live.

const SEED = 35; // scene.h's SCENE_SEED, SCENE_BULLETS
const BULLETS = 3000;
const FNV_BASIS = 2166136261;
const WASI = 'wasi_snapshot_preview1';

// What each module may import: the page defines these and nothing else.
// The scene reaches getenv (cbatch's dispatcher reads CB_BACKEND): an empty
// environment, and proc_exit, which wasi-libc calls when it cannot allocate
// the environment's copy (a trap here: a reactor has nowhere to exit to).
// cb-digest is a command: its arguments, an empty
// environment, stdout and stderr collected as text, its exit status.
const SCENE_IMPORTS = ['environ_get', 'environ_sizes_get', 'proc_exit'];
const DIGEST_IMPORTS = ['args_get', 'args_sizes_get', 'environ_get', 'environ_sizes_get',
  'fd_close', 'fd_fdstat_get', 'fd_seek', 'fd_write', 'proc_exit'];

// importList(module): "module.name" of each import, in the module's order.
const importList = (m) => WebAssembly.Module.imports(m).map((i) => `${i.module}.${i.name}`);

// checkImports(module, allowed, what): throws unless every import is a
// function of WASI named in allowed (a clear message instead of a LinkError).
function checkImports(m, allowed, what) {
  const extra = WebAssembly.Module.imports(m)
    .filter((i) => i.module !== WASI || i.kind !== 'function' || !allowed.includes(i.name));
  if (extra.length) {
    throw new Error(`${what} imports what the page does not define: ` +
      extra.map((i) => `${i.module}.${i.name}`).join(', '));
  }
}

// The environment: none (both modules). memory() is the instance's memory,
// read at each call (it may have grown).
function emptyEnviron(memory) {
  return {
    environ_sizes_get(countPtr, sizePtr) {
      const v = new DataView(memory().buffer);
      v.setUint32(countPtr, 0, true);
      v.setUint32(sizePtr, 0, true);
      return 0;
    },
    environ_get() { return 0; },
  };
}

// ------------------------------------------------------------ the worker

class Exit { constructor(code) { this.code = code; } }

// runDigest(url): cb-digest's output and exit status, run with argv =
// ["cb-digest"]. fd_fdstat_get, fd_seek and fd_close answer EBADF (8), so
// stdio sees no terminal and no seekable file: it buffers and writes.
async function runDigest(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const module = await WebAssembly.compile(await response.arrayBuffer());
  checkImports(module, DIGEST_IMPORTS, url);
  let instance;
  const memory = () => instance.exports.memory;
  const argv = [new TextEncoder().encode('cb-digest\0')];
  const chunks = [];
  const wasi = {
    ...emptyEnviron(memory),
    args_sizes_get(countPtr, sizePtr) {
      const v = new DataView(memory().buffer);
      v.setUint32(countPtr, argv.length, true);
      v.setUint32(sizePtr, argv.reduce((n, a) => n + a.length, 0), true);
      return 0;
    },
    args_get(argvPtr, bufPtr) {
      const v = new DataView(memory().buffer);
      argv.forEach((a, k) => {
        v.setUint32(argvPtr + 4 * k, bufPtr, true);
        new Uint8Array(memory().buffer, bufPtr, a.length).set(a);
        bufPtr += a.length;
      });
      return 0;
    },
    fd_write(fd, iovs, iovsLen, writtenPtr) {
      if (fd !== 1 && fd !== 2) return 8;
      const v = new DataView(memory().buffer);
      let n = 0;
      for (let k = 0; k < iovsLen; k++) {
        const ptr = v.getUint32(iovs + 8 * k, true), len = v.getUint32(iovs + 8 * k + 4, true);
        chunks.push(new Uint8Array(memory().buffer, ptr, len).slice());
        n += len;
      }
      v.setUint32(writtenPtr, n, true);
      return 0;
    },
    fd_fdstat_get() { return 8; },
    fd_seek() { return 8; },
    fd_close() { return 8; },
    proc_exit(code) { throw new Exit(code); },
  };
  instance = await WebAssembly.instantiate(module, { [WASI]: wasi });
  const t0 = performance.now();
  let code = 0;
  try {
    instance.exports._start();
  } catch (e) {
    if (!(e instanceof Exit)) throw e;
    code = e.code;
  }
  const ms = performance.now() - t0;
  const text = chunks.map((c) => new TextDecoder().decode(c)).join('');
  return { text, code, ms, imports: importList(module) };
}

if (typeof document === 'undefined') {
  self.onmessage = async (event) => {
    try {
      self.postMessage(await runDigest(event.data.url));
    } catch (e) {
      self.postMessage({ error: String((e && e.stack) || e) });
    }
  };
}

// ------------------------------------------------------------ the page

// digestInWorker(url): runDigest in a worker made of this file.
function digestInWorker(url) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { type: 'module' });
    worker.onmessage = (event) => {
      worker.terminate();
      if (event.data.error) reject(new Error(`cb-digest worker (${url}): ${event.data.error}`));
      else resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`cb-digest worker (${url}): ${event.message}`));
    };
    worker.postMessage({ url });
  });
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// loadScene(name, bytes): a scene module instantiated, initialised
// (_initialize, then scene_init with the committed seed).
async function loadScene(name, bytes) {
  const module = await WebAssembly.compile(bytes);
  checkImports(module, SCENE_IMPORTS, `scene-${name}.wasm`);
  let instance;
  const memory = () => instance.exports.memory;
  const wasi = {
    ...emptyEnviron(memory),
    proc_exit(code) { throw new Error(`scene-${name}.wasm: proc_exit(${code})`); },
  };
  instance = await WebAssembly.instantiate(module, { [WASI]: wasi });
  const x = instance.exports;
  x._initialize();
  if (x.scene_init(SEED, BULLETS) !== 0) throw new Error(`scene-${name}.wasm: scene_init failed`);
  return {
    name, x, imports: importList(module),
    frames: 0, hits: 0, overlaps: 0, hash: FNV_BASIS, ms: 0, recent: [],
    last: { hits: 0, overlaps: 0 },
  };
}

// step(s): one frame of scene s, timed; its counts folded into s.hash as
// scene_hash does in C (FNV-1a over 32-bit words).
function step(s) {
  const t0 = performance.now();
  const hits = s.x.scene_step();
  const ms = performance.now() - t0;
  if (hits < 0) throw new Error(`scene-${s.name}.wasm: frame ${s.frames + 1}: scene_step failed`);
  const overlaps = s.x.scene_overlaps() >>> 0;
  s.frames++, s.hits += hits, s.overlaps += overlaps, s.ms += ms;
  s.hash = Math.imul(s.hash ^ hits, 16777619) >>> 0;
  s.hash = Math.imul(s.hash ^ overlaps, 16777619) >>> 0;
  s.recent.push(ms);
  if (s.recent.length > 60) s.recent.shift();
  s.last = { hits, overlaps };
}

const hex8 = (h) => `0x${h.toString(16).padStart(8, '0')}`;
const $ = (id) => document.getElementById(id);

// draw(s, trail): the arena of scene s: boxes (flashing where a blast
// overlaps them), bullets, this frame's hits and the previous frames' (trail).
function draw(s, trail) {
  const ctx = $('arena').getContext('2d');
  const buf = s.x.memory.buffer, x = s.x;
  const f32 = (ptr, n) => new Float32Array(buf, ptr, n);
  const m = x.scene_boxes(), n = x.scene_bullets();
  const x0 = f32(x.scene_box_min_x(), m), y0 = f32(x.scene_box_min_y(), m);
  const x1 = f32(x.scene_box_max_x(), m), y1 = f32(x.scene_box_max_y(), m);
  const kind = new Uint8Array(buf, x.scene_box_kind(), m);
  const flash = new Uint8Array(buf, x.scene_box_flash(), m);
  ctx.fillStyle = '#1d2027';
  ctx.fillRect(0, 0, 960, 540);
  for (let j = 0; j < m; j++) {
    ctx.fillStyle = kind[j] ? (flash[j] ? '#ff6040' : '#a0703c') : flash[j] ? '#d8dce4' : '#8a8f98';
    // a zero-thickness wall is a line: one pixel wide on the canvas
    ctx.fillRect(x0[j], y0[j], Math.max(x1[j] - x0[j], 1), Math.max(y1[j] - y0[j], 1));
  }
  const bx = f32(x.scene_bullet_x(), n), by = f32(x.scene_bullet_y(), n);
  const br = f32(x.scene_bullet_r(), n);
  ctx.fillStyle = '#cfe0ff';
  for (let i = 0; i < n; i++) {
    const d = Math.max(2 * br[i], 1.5);
    ctx.fillRect(bx[i] - d / 2, by[i] - d / 2, d, d);
  }
  const k = s.last.hits;
  trail.push({ hx: f32(x.scene_hit_x(), k).slice(), hy: f32(x.scene_hit_y(), k).slice() });
  if (trail.length > 6) trail.shift();
  trail.forEach((t, age) => {
    ctx.strokeStyle = `rgba(255, 220, 60, ${(age + 1) / trail.length})`;
    ctx.beginPath();
    for (let i = 0; i < t.hx.length; i++) {
      ctx.moveTo(t.hx[i] + 6, t.hy[i]);
      ctx.arc(t.hx[i], t.hy[i], 6, 0, 2 * Math.PI);
    }
    ctx.stroke();
  });
}

function show(s) {
  const avg = s.recent.reduce((a, b) => a + b, 0) / Math.max(s.recent.length, 1);
  $(`ms-${s.name}`).textContent = `${avg.toFixed(3)} ms`;
  $(`n-${s.name}`).textContent = `${s.frames}: ${s.last.hits} hits, ${s.last.overlaps} overlaps`;
}

function status(text, bad) {
  $('status').textContent = text;
  $('status').className = bad ? 'bad' : '';
}

async function main() {
  const params = new URLSearchParams(location.search);
  const testFrames = params.has('frames') ? Number(params.get('frames')) : 0;
  const [scalarBytes, simdBytes, expectedText] = await Promise.all([
    fetchBytes('scene-scalar.wasm'), fetchBytes('scene-simd128.wasm'),
    fetch('cb-digest.expected').then((r) => {
      if (!r.ok) throw new Error(`cb-digest.expected: HTTP ${r.status}`);
      return r.text();
    }),
  ]);
  const expected = expectedText.trim();
  const simdOff = params.get('simd') === 'off';
  const simdValid = !simdOff && WebAssembly.validate(simdBytes);
  const scenes = {};
  if (simdValid) scenes.simd128 = await loadScene('simd128', simdBytes);
  scenes.scalar = await loadScene('scalar', scalarBytes);
  const names = Object.keys(scenes);
  for (const name of names) {
    $(`imp-${name}`).textContent = scenes[name].imports.map((i) => i.split('.')[1]).join(', ');
  }
  if (!simdValid) {
    $('ms-simd128').textContent =
      `not loaded: ${simdOff ? '?simd=off' : 'WebAssembly.validate refused SIMD128'}`;
    document.querySelector('input[value=simd128]').disabled = true;
    document.querySelector('input[value=scalar]').checked = true;
  }
  const drawn = () => document.querySelector('input[name=module]:checked').value;
  const trail = [];

  // the digests, one worker per module after the other, beside the scene
  const digests = {};
  const digestsDone = (async () => {
    for (const name of names) {
      $(`dg-${name}`).textContent = 'running...';
      const r = await digestInWorker(`cb-digest-${name}.wasm`);
      const m = /^digest: (0x[0-9a-f]{16})$/m.exec(r.text);
      digests[name] = { ...r, digest: m ? m[1] : null };
      const ok = m && m[1] === expected && r.code === 0;
      $(`dg-${name}`).innerHTML = `<span class="${ok ? 'good' : 'bad'}">${m ? m[1] : 'none'}` +
        ` ${ok ? '= committed' : `(exit ${r.code}; committed ${expected})`}</span>` +
        ` in ${(r.ms / 1000).toFixed(1)} s`;
      if (!ok) {
        console.error(`cb-digest-${name}.wasm: digest ${m ? m[1] : 'none'}, exit ${r.code}; ` +
          `committed ${expected}`);
      }
    }
  })();

  // what the page computed, for scripts/test-browser.sh (window.cbResult)
  const result = (live) => {
    const modules = {};
    for (const name of names) {
      const s = scenes[name], d = digests[name];
      modules[name] = {
        imports: s.imports, frames: s.frames, hits: s.hits, overlaps: s.overlaps,
        hash: hex8(s.hash), msPerFrame: s.ms / Math.max(s.frames, 1),
        digest: d.digest, digestExit: d.code, digestImports: d.imports,
        digestSeconds: d.ms / 1000, digestOutput: d.text,
      };
    }
    return { done: true, live, simdValid, expected, userAgent: navigator.userAgent, modules };
  };

  if (testFrames > 0) {
    status(`test run: ${testFrames} frames on ${names.join(' and ')}, then cb-digest`);
    for (const name of names) {
      for (let f = 0; f < testFrames; f++) step(scenes[name]);
      show(scenes[name]);
    }
    draw(scenes[drawn()], trail);
    await digestsDone;
    window.cbResult = result(false);
    status(`test run done: ${names.map((n) => `${n} ${hex8(scenes[n].hash)}`).join(', ')}`);
    return;
  }

  // live: every module steps each frame (the same scene: their counts must
  // agree), the one chosen is drawn; the result once the digests are done
  status(`live: ${BULLETS} bullets, seed ${SEED}; SIMD128 module ` +
    `${simdValid ? 'validated' : 'refused: the scalar one alone'}`);
  const frame = () => {
    for (const name of names) step(scenes[name]);
    const a = scenes[names[0]].last, b = scenes.scalar.last;
    if (a.hits !== b.hits || a.overlaps !== b.overlaps) {
      throw new Error(`frame ${scenes.scalar.frames}: the modules disagree`);
    }
    draw(scenes[drawn()], trail);
    for (const name of names) show(scenes[name]);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  await digestsDone;
  window.cbResult = result(true);
}

if (typeof document !== 'undefined') {
  main().catch((e) => {
    status(`error: ${e.message}`, true);
    window.cbResult = { done: true, error: String(e.stack || e) };
    console.error(e);
  });
}
