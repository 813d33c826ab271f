/**
 * `npm run conformance:mcp [-- <scenario>...]`: the client scenarios of the MCP project's own
 * conformance suite (@modelcontextprotocol/conformance) against Gloss, each through
 * scripts/mcp-conformance-client.ts (the extension built in dist/, in headed Chromium), and a
 * table: scenario, its checks passed of those that pass or fail, the failed ones, and what Gloss
 * showed. A report like the benches, not part of `npm test` (docs/mcp-conformance.md).
 *
 * The suite needs Node 22 (`fs.globSync`): npx fetches it and the suite at run time into its own
 * cache, so neither is one of Gloss's dependencies and nothing downloaded lands in the project.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITE = '@modelcontextprotocol/conformance@0.1.16';
/** Per scenario: a headed browser's start, the prompt, a call, on a busy two-core machine. */
const TIMEOUT_MS = 180_000;
const CLIENT = fileURLToPath(new URL('mcp-conformance-client.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx/cli');

interface Tools {
  node: string;
  suite: string;
}

interface Check {
  id: string;
  /** SUCCESS, FAILURE, WARNING, or INFO (a note of what was sent, neither). */
  status: string;
}

interface Row {
  scenario: string;
  passed: number;
  total: number;
  failed: string[];
  warnings: string[];
  shown: string;
}

/** Node 22 (unless this one is) and the suite, by the paths npx put them at. */
function fetchTools(): Tools {
  const major = Number(process.versions.node.split('.')[0]);
  const node22 = major >= 22 ? [] : ['-p', `node-${process.platform}-${process.arch}@22`];
  const script = 'command -v node; command -v conformance';
  const out = execFileSync('npx', ['--yes', '--loglevel=error', ...node22, '-p', SUITE, '-c', script], {
    encoding: 'utf8',
  });
  const [node, suite] = out.trim().split('\n');
  if (!node || !suite) throw new Error(`npx did not give Node 22 and the suite: ${out}`);
  return { node, suite };
}

/** The suite's client scenarios, as `conformance list` names them. */
function clientScenarios(tools: Tools): string[] {
  const listed = execFileSync(tools.node, [tools.suite, 'list'], { encoding: 'utf8' });
  const clients = listed.slice(listed.indexOf('Client scenarios'));
  return [...clients.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1] ?? '');
}

/** One scenario's checks and what the client printed (its `gloss:` lines). */
function runScenario(tools: Tools, scenario: string): { checks: Check[]; printed: string } {
  const out = mkdtempSync(join(tmpdir(), 'gloss-conformance-'));
  try {
    // The suite splits the command at spaces (and appends the server's URL).
    const command = [process.execPath, TSX, CLIENT].join(' ');
    const args = ['client', '--command', command, '--scenario', scenario, '--timeout', String(TIMEOUT_MS), '-o', out];
    spawnSync(tools.node, [tools.suite, ...args], { stdio: 'ignore', timeout: TIMEOUT_MS + 30_000 });
    const files = readdirSync(out, { recursive: true, encoding: 'utf8' });
    const read = (name: string) => {
      const file = files.find((f) => f.endsWith(name));
      return file ? readFileSync(join(out, file), 'utf8') : '';
    };
    const checks = read('checks.json');
    return { checks: checks ? (JSON.parse(checks) as Check[]) : [], printed: read('stdout.txt') };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** What Gloss showed: the server's state in Settings, and each call's result as the model got it. */
function shown(printed: string): string {
  return [...printed.matchAll(/^gloss: (state|answer with (\S+)): (.*)$/gm)]
    .map(([, , tool, text = '']) => {
      if (!tool) return text;
      const result = /<<<tool result \S+ [^>]*>>> (.*) <<<end tool result/.exec(text)?.[1];
      return `${tool} → ${result ?? text}`;
    })
    .join('; ');
}

function row(scenario: string, checks: Check[], printed: string): Row {
  const named = (status: string) => checks.filter((c) => c.status === status).map((c) => c.id);
  const passed = named('SUCCESS').length;
  const failed = named('FAILURE');
  return { scenario, passed, total: passed + failed.length, failed, warnings: named('WARNING'), shown: shown(printed) };
}

function table(rows: Row[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const lines = rows.map((r) => {
    const failed = [...r.failed, ...r.warnings.map((w) => `${w} (warning)`)].join(', ') || '–';
    const result = r.total === 0 ? 'no checks (run failed)' : `${r.passed}/${r.total}`;
    return `| ${r.scenario} | ${result} | ${cell(failed)} | ${cell(r.shown || '–')} |`;
  });
  return ['| Scenario | Passed | Failed checks | What Gloss showed |', '|---|---|---|---|', ...lines].join('\n');
}

function main(): void {
  if (CLIENT.includes(' ') || TSX.includes(' ') || process.execPath.includes(' '))
    throw new Error('the suite splits its client command at spaces: run from a path without any');
  const tools = fetchTools();
  const wanted = process.argv.slice(2);
  const scenarios = clientScenarios(tools).filter((s) => wanted.length === 0 || wanted.includes(s));
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const { checks, printed } = runScenario(tools, scenario);
    const done = row(scenario, checks, printed);
    rows.push(done);
    console.error(`${scenario}: ${done.passed}/${done.total}`);
  }
  console.log(`\n${SUITE}, client scenarios against Gloss:\n\n${table(rows)}`);
}

main();
