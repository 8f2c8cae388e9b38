// cdp-run.mjs - open a page in headless Chromium over the DevTools protocol (--remote-debugging-pipe, no npm package), wait for the result object it sets, screenshot it; any page error fails the run.
//
// Usage: node scripts/cdp-run.mjs CHROMIUM URL PROFILE_DIR SCREENSHOT.png WIDTH TIMEOUT_S
// Prints "browser: <product>" and "result: <JSON of window.cbResult>" and
// exits 0 once the page sets window.cbResult = {done: true, ...} with no
// error. Exit 1, saying why on stderr: an uncaught exception or unhandled
// rejection in the page, a console.error/assert, an error logged by the
// browser (a failed fetch among them), a response with HTTP status >= 400,
// a failed request, the result carrying `error`, the timeout, or Chromium
// exiting. The screenshot (the 1000 x 860 viewport scaled to WIDTH pixels
// wide) is taken in every case the page loaded.
//
// The protocol over the pipe: Chromium reads commands on fd 3 and writes
// replies and events on fd 4, each a JSON message ended by a NUL byte. One
// page target, attached with flatten: true, so its commands carry its
// sessionId.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const [chromium, url, profile, shot, width, timeoutS] = process.argv.slice(2);
const view = { width: 1000, height: 860 };
if (!timeoutS) {
  process.stderr.write('usage: node cdp-run.mjs CHROMIUM URL PROFILE_DIR SCREENSHOT WIDTH TIMEOUT_S\n');
  process.exit(2);
}

const child = spawn(chromium, [
  '--headless=new', '--no-sandbox', '--remote-debugging-pipe', `--user-data-dir=${profile}`,
  '--no-first-run', '--no-default-browser-check', '--disable-extensions',
  '--disable-background-networking', '--disable-component-update', '--mute-audio',
  `--window-size=${view.width},${view.height}`, 'about:blank',
], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
const toChrome = child.stdio[3], fromChrome = child.stdio[4];
let chromeLog = '';
child.stderr.on('data', (d) => { chromeLog = (chromeLog + d).slice(-4000); });

const errors = [];
const fail = (what) => { errors.push(what); process.stderr.write(`cdp-run: ${what}\n`); };
let exited = false, closing = false;
child.on('exit', (code, signal) => {
  exited = true;
  if (!closing) fail(`chromium exited (${signal || code}); its last output:\n${chromeLog}`);
});

// send(method, params, sessionId): the reply's result; a protocol error throws.
let nextId = 1;
const pending = new Map();
const handlers = [];
function send(method, params = {}, sessionId) {
  const id = nextId++;
  toChrome.write(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }) + '\0');
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
}
let buffered = '';
fromChrome.on('data', (data) => {
  buffered += data.toString('utf8');
  let end;
  while ((end = buffered.indexOf('\0')) >= 0) {
    const msg = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (msg.id && pending.has(msg.id)) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
      else p.resolve(msg.result);
    } else if (msg.method) {
      for (const h of handlers) h(msg);
    }
  }
});

// What counts as a page error.
const text = (args) => args.map((a) => a.value ?? a.description ?? a.type).join(' ');
handlers.push(({ method, params }) => {
  if (method === 'Runtime.exceptionThrown') {
    const d = params.exceptionDetails;
    fail(`uncaught: ${d.exception?.description ?? d.text} (${d.url ?? ''}:${d.lineNumber})`);
  } else if (method === 'Runtime.consoleAPICalled') {
    if (params.type === 'error' || params.type === 'assert') {
      fail(`console.${params.type}: ${text(params.args)}`);
    }
  } else if (method === 'Log.entryAdded') {
    const e = params.entry;
    if (e.level === 'error') fail(`browser log: ${e.text} ${e.url ?? ''}`);
  } else if (method === 'Network.responseReceived') {
    const r = params.response;
    if (r.status >= 400) fail(`HTTP ${r.status}: ${r.url}`);
  } else if (method === 'Network.loadingFailed') {
    fail(`request failed: ${params.errorText} (${params.type})`);
  }
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let status = 1;
try {
  const version = await send('Browser.getVersion');
  process.stdout.write(`browser: ${version.product}\n`);
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const page = (method, params) => send(method, params, sessionId);
  await Promise.all(['Runtime.enable', 'Log.enable', 'Page.enable', 'Network.enable']
    .map((m) => page(m)));
  await page('Emulation.setDeviceMetricsOverride',
    { ...view, deviceScaleFactor: 1, mobile: false });
  await page('Page.navigate', { url });
  const deadline = Date.now() + Number(timeoutS) * 1000;
  let result = null;
  while (!exited && !errors.length && Date.now() < deadline) {
    const r = await page('Runtime.evaluate',
      { expression: 'JSON.stringify(window.cbResult ?? null)', returnByValue: true });
    result = JSON.parse(r.result.value ?? 'null');
    if (result && result.done) break;
    await sleep(250);
  }
  if (!exited) {
    const clip = { x: 0, y: 0, ...view, scale: Number(width) / view.width };
    const png = await page('Page.captureScreenshot', { format: 'png', clip });
    writeFileSync(shot, Buffer.from(png.data, 'base64'));
    process.stdout.write(`screenshot: ${shot}\n`);
  }
  if (result) process.stdout.write(`result: ${JSON.stringify(result)}\n`);
  if (errors.length && !result?.done) fail('stopped at the first page error, before the result');
  else if (!result || !result.done) fail(`no result from the page within ${timeoutS} s`);
  else if (result.error) fail(`the page failed: ${result.error}`);
  status = errors.length ? 1 : 0;
} catch (e) {
  fail(e.message);
}
closing = true;
if (!exited) {
  await send('Browser.close').catch(() => {});
  const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await new Promise((r) => (exited ? r() : child.on('exit', r)));
  clearTimeout(killer);
}
process.exit(status);
