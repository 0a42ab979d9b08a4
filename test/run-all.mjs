#!/usr/bin/env node
// The README's test command: every tier in order, then one closing line "N passed, N failed".
// Needs a Postgres: DATABASE_URL, else the local server on 127.0.0.1:5432, else an embedded one started here.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'console-tests-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit api`
const wanted = (tier) => only.length === 0 || only.includes(tier);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const fail = (what) => {
  failed += 1;
  failures.push(what);
};

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/**
 * Steps that each use one core (tsc, eslint, prettier, one build) run two at a time on this 2-core budget. Each step's
 * output is kept and printed whole when it ends, so the log reads as if they ran one after the other.
 */
async function runConcurrently(steps, limit = Math.max(2, Math.min(4, os.availableParallelism?.() ?? 2))) {
  const results = new Array(steps.length);
  let next = 0;
  const worker = async () => {
    while (next < steps.length) {
      const index = next++;
      const { label, cmd, args, env = {} } = steps[index];
      const started = Date.now();
      results[index] = await new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0', ...env } });
        const chunks = [];
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        child.on('error', (error) => chunks.push(Buffer.from(String(error))));
        child.on('close', (code) => {
          console.log(`\n=== ${label}: ${cmd} ${args.join(' ')} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
          process.stdout.write(Buffer.concat(chunks));
          resolve(code ?? 1);
        });
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, steps.length) }, worker));
  return results;
}

function portOpen(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

async function ensurePostgres() {
  if (process.env.DATABASE_URL || process.env.TEST_ADMIN_DATABASE_URL) return null;
  if (await portOpen('127.0.0.1', 5432)) {
    process.env.TEST_ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
    return null;
  }
  console.log('No Postgres on 127.0.0.1:5432 and no DATABASE_URL: starting an embedded one for the tests');
  const { startTestPostgres } = await import('./support/embedded-for-tests.mjs');
  const server = await startTestPostgres(path.join(root, 'data', 'test-pg'));
  process.env.TEST_ADMIN_DATABASE_URL = server.url;
  return server;
}

function tallyJest(file, tier) {
  if (!fs.existsSync(file)) {
    failed += 1;
    failures.push(`${tier}: no report (the runner crashed)`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
  skipped += r.numPendingTests + r.numTodoTests;
  if (r.numFailedTests || r.numRuntimeErrorTestSuites) failures.push(`${tier}: ${r.numFailedTests} failed, ${r.numRuntimeErrorTestSuites} suites did not run`);
}

function tallyPlaywright(file) {
  if (!fs.existsSync(file)) {
    failed += 1;
    failures.push('e2e: no report (the runner crashed)');
    return;
  }
  const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats ?? {};
  passed += s.expected ?? 0;
  failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
  skipped += s.skipped ?? 0;
  if (s.unexpected || s.flaky) failures.push(`e2e: ${s.unexpected} failed, ${s.flaky} flaky`);
}

// The plugin registries are generated from the folders under plugins/: a plugin added since the last install counts.
if (run('plugin registry', 'node', ['tools/plugin-registry.cjs']) !== 0) fail('plugin registry');
/**
 * Copies test/fixtures/plugins/check-fixture-echo to plugins/, after writing down `git status` so the browser test
 * can tell that nothing else changed. `remove()` deletes it and regenerates the registries without it (the build
 * in dist/ keeps it until the next `npm run build`).
 */
function addFixturePlugin() {
  const target = path.join(root, 'plugins', 'check-fixture-echo');
  const baseline = path.join(reports, 'git-status-before-fixture.txt');
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
  fs.writeFileSync(baseline, status.status === 0 ? status.stdout : '');
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'test', 'fixtures', 'plugins', 'check-fixture-echo'), target, { recursive: true });
  return {
    baseline,
    remove() {
      fs.rmSync(target, { recursive: true, force: true });
      run('plugin registry', 'node', ['tools/plugin-registry.cjs']);
    },
  };
}

const embedded = await ensurePostgres();
let exitCode = 0;
try {
  if (wanted('typecheck')) {
    // Typecheck, lint (with the import boundaries, eslint.config.mjs) and formatting: each one step, passed or failed.
    const steps = [
      { label: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'gateway/tsconfig.json', '--noEmit'], failure: 'gateway typecheck' },
      { label: 'lint', cmd: 'npx', args: ['eslint', '.', '--cache', '--cache-location', 'node_modules/.cache/eslint/'], failure: 'eslint' },
      { label: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'web/tsconfig.json', '--noEmit'], failure: 'web typecheck' },
      { label: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'test/e2e/tsconfig.json'], failure: 'e2e typecheck' },
      { label: 'format', cmd: 'npx', args: ['prettier', '--check', '.', '--cache', '--log-level', 'warn'], failure: 'prettier --check' },
    ];
    const codes = await runConcurrently(steps);
    steps.forEach((step, i) => codes[i] !== 0 && fail(step.failure));
  }
  // Unit and web share one Jest run and its two workers (each alone would get one worker on two cores).
  const quick = ['unit', 'web'].filter(wanted);
  if (quick.length) {
    const out = path.join(reports, `${quick.join('-')}.json`);
    run(`${quick.join(' and ')} tests`, 'npx', [
      'jest',
      ...quick.flatMap((tier) => ['--selectProjects', tier]),
      '--maxWorkers=2',
      '--json',
      `--outputFile=${out}`,
    ]);
    tallyJest(out, quick.join('+'));
  }
  if (wanted('api')) {
    const out = path.join(reports, 'api.json');
    run('api tests', 'npx', ['jest', '--selectProjects', 'api', '--json', `--outputFile=${out}`, '--maxWorkers=2']);
    tallyJest(out, 'api');
  }
  if (wanted('e2e')) {
    // The plugin contract's proof: a check-type plugin is added as one folder before the build, and
    // test/e2e/plugin-fixture.e2e.ts finds it working with no other file changed. Removed again afterwards.
    const fixture = addFixturePlugin();
    try {
      if (run('plugin registry', 'node', ['tools/plugin-registry.cjs']) !== 0) fail('plugin registry');
      // The web bundle and the gateway build side by side (each is mostly one core).
      const builds = await runConcurrently([
        { label: 'build', cmd: 'npm', args: ['run', 'build', '-w', 'web'] },
        { label: 'build', cmd: 'npm', args: ['run', 'build', '-w', 'gateway'] },
      ]);
      if (builds.some((code) => code !== 0)) fail('build');
      else {
        const out = path.join(reports, 'e2e.json');
        run('browser tests', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts'], {
          PLAYWRIGHT_JSON_OUTPUT_NAME: out,
          PLUGIN_FIXTURE_BASELINE: fixture.baseline,
        });
        tallyPlaywright(out);
      }
    } finally {
      fixture.remove();
    }
  }
} finally {
  if (embedded) await embedded.stop();
}
if (failures.length) console.log(`\nFailures:\n- ${failures.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
exitCode = failed > 0 || passed === 0 ? 1 : 0;
process.exit(exitCode);
