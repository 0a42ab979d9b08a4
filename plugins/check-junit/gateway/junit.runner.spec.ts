import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { JunitCheckRunner } from './junit.runner';

const context = (timeoutMs = 2000): CheckRunContext => checkContext(timeoutMs);

const GREEN = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="jest tests" tests="3" failures="0" time="1.25">
  <testsuite name="api" tests="2" time="0.75">
    <testcase classname="api" name="lists incidents" time="0.5"/>
    <testcase classname="api" name="creates an incident" time="0.25"/>
  </testsuite>
  <testsuite name="web" tests="1">
    <testcase classname="web" name="renders &amp; links" time="0.5"/>
  </testsuite>
</testsuites>`;

const RED = `<?xml version="1.0"?>
<testsuite name="checkout" tests="4" failures="1" errors="1" skipped="1" time="2">
  <testcase classname="Cart" name="adds an item" time="0.1"/>
  <testcase classname="Cart" name="applies a coupon" time="0.2">
    <failure message="expected 10 to equal 9" type="AssertionError">at Cart.spec.ts:12</failure>
  </testcase>
  <testcase classname="Cart" name="pays" time="0.3"><error>connection reset</error></testcase>
  <testcase classname="Cart" name="ships abroad"><skipped/></testcase>
</testsuite>`;

describe('junit check', () => {
  const runner = new JunitCheckRunner();
  let root: string;
  const folder = (name: string, files: Record<string, string>) => {
    const dir = path.join(root, name);
    fs.mkdirSync(dir);
    for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), content);
    return dir;
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-junit-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('passes when no test failed, counting every suite of every XML file', async () => {
    const dir = folder('green', { 'jest.xml': GREEN, 'notes.txt': 'not a report' });
    const r = await runner.run({ name: 'j', testResults: dir }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null, message: '3 passed, 0 failed, 0 skipped' });
    expect(r.details).toMatchObject({ passed: 3, failed: 0, skipped: 0, error: 0, duration: 1.25, failures: [], files: ['jest.xml'] });
    expect(r.details.suites).toEqual([
      { name: 'api', file: 'jest.xml', tests: 2, passed: 2, failed: 0, skipped: 0, error: 0, duration: 0.75 },
      { name: 'web', file: 'jest.xml', tests: 1, passed: 1, failed: 0, skipped: 0, error: 0, duration: 0.5 },
    ]);
  });

  it('fails on failures and errors and names them', async () => {
    const dir = folder('red', { 'a-green.xml': GREEN, 'b-red.xml': RED });
    const r = await runner.run({ name: 'j', testResults: dir }, context());
    expect(r).toMatchObject({
      pass: false,
      invalid: false,
      message: '4 passed, 1 failed, 1 skipped, 1 errors',
      error: 'checkout › applies a coupon: expected 10 to equal 9',
      details: { passed: 4, failed: 1, skipped: 1, error: 1, duration: 3.25 },
    });
    expect(r.details.failures).toEqual([
      { suite: 'checkout', name: 'applies a coupon', classname: 'Cart', kind: 'failed', message: 'expected 10 to equal 9' },
      { suite: 'checkout', name: 'pays', classname: 'Cart', kind: 'error', message: 'connection reset' },
    ]);
  });

  it('reads only the files a pattern names', async () => {
    const dir = folder('pattern', { 'TEST-green.xml': GREEN, 'other-red.xml': RED });
    const r = await runner.run({ name: 'j', testResults: path.join(dir, 'TEST-*.xml') }, context());
    expect(r).toMatchObject({ pass: true, message: '3 passed, 0 failed, 0 skipped', details: { files: ['TEST-green.xml'] } });
  });

  it('fails with the file and the parser message on malformed XML', async () => {
    const dir = folder('broken', { 'broken.xml': '<testsuite name="x"><testcase name="y"></testsuite>' });
    const r = await runner.run({ name: 'j', testResults: dir }, context());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toMatch(/^broken\.xml: .*testcase/);
  });

  it('is invalid when the folder does not exist or holds no XML', async () => {
    const missing = path.join(root, 'missing');
    expect(await runner.run({ name: 'j', testResults: missing }, context())).toMatchObject({
      pass: false,
      invalid: true,
      message: `testResults: folder ${missing} does not exist`,
    });
    const empty = folder('empty', { 'readme.md': '# nothing' });
    expect(await runner.run({ name: 'j', testResults: empty }, context())).toMatchObject({
      pass: false,
      invalid: true,
      message: `testResults: no JUnit XML files in ${empty}`,
    });
  });

  it('names the field when invalid', () => {
    expect(runner.validate({ name: 'j' })).toEqual(['testResults: required']);
    expect(runner.validate({ name: 'j', testResults: 'reports', timeout: 0 })).toEqual([
      'testResults: must be an absolute local path',
      'timeout: must be a whole number of minutes > 0',
    ]);
    expect(runner.validate({ name: 'j', testResults: '/tmp/reports', timeout: 5 })).toEqual([]);
  });
});

describe('junit check registration', () => {
  it("contributes to the 'checks' extension point as 'junit'", () => {
    expect(extensionsOf(JunitCheckRunner)).toEqual([{ point: 'checks', id: 'junit' }]);
    expect(new JunitCheckRunner().type).toBe('junit');
  });

  it('reads timeout as minutes, not the host default of milliseconds', () => {
    const runner = new JunitCheckRunner();
    expect(runner.timeoutMs({ name: 'j', testResults: '/x', timeout: 5 })).toBe(300_000);
    expect(runner.timeoutMs({ name: 'j', testResults: '/x' })).toBeNull();
  });
});
