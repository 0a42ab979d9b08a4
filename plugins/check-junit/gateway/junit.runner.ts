import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Injectable } from '@nestjs/common';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

export interface JunitSuite {
  name: string;
  file: string;
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  error: number;
  /** Seconds, from the suite's `time` or the sum of its test cases'. */
  duration: number;
}

export interface JunitFailure {
  suite: string;
  name: string;
  classname?: string;
  /** `failed` for `<failure>`, `error` for `<error>`. */
  kind: 'failed' | 'error';
  message: string;
}

export interface JunitReport {
  passed: number;
  failed: number;
  skipped: number;
  error: number;
  /** Seconds over all suites. */
  duration: number;
  suites: JunitSuite[];
  failures: JunitFailure[];
}

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  isArray: (name) => ['testsuites', 'testsuite', 'testcase', 'failure', 'error', 'skipped'].includes(name),
});

const seconds = (v: unknown): number => {
  const n = typeof v === 'string' ? Number(v.replace(/,/g, '')) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : 0;
};
const round = (n: number) => Math.round(n * 1000) / 1000;
const asNodes = (v: unknown): XmlNode[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((n) => (typeof n === 'object' && n ? (n as XmlNode) : { '#text': n }));
const text = (n: XmlNode): string => String(n.message ?? n['#text'] ?? n.type ?? '').trim();

/** Every `<testsuite>` of a parsed document, however deeply nested (`<testsuites>` in `<testsuites>`, suites in suites). */
function suitesOf(node: XmlNode): XmlNode[] {
  const found: XmlNode[] = [];
  for (const group of asNodes(node.testsuites)) found.push(...suitesOf(group));
  for (const suite of asNodes(node.testsuite)) found.push(suite, ...suitesOf(suite));
  return found;
}

/** Adds one JUnit XML document to the report; throws with the parser's message when the XML is malformed. */
export function addJunitXml(report: JunitReport, xml: string, file: string): void {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`${file}: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = parser.parse(xml) as XmlNode;
  for (const suite of suitesOf(doc)) {
    const cases = asNodes(suite.testcase);
    if (!cases.length && suite.testsuite) continue; // a grouping suite: its children are counted on their own
    const name = String(suite.name ?? path.basename(file, '.xml'));
    const s: JunitSuite = { name, file, tests: cases.length, passed: 0, failed: 0, skipped: 0, error: 0, duration: 0 };
    let caseTime = 0;
    for (const c of cases) {
      caseTime += seconds(c.time);
      const failures = asNodes(c.failure);
      const errors = asNodes(c.error);
      const base = { suite: name, name: String(c.name ?? ''), ...(c.classname ? { classname: String(c.classname) } : {}) };
      if (failures.length) {
        s.failed++;
        report.failures.push({ ...base, kind: 'failed', message: text(failures[0]) });
      } else if (errors.length) {
        s.error++;
        report.failures.push({ ...base, kind: 'error', message: text(errors[0]) });
      } else if (c.skipped !== undefined) s.skipped++;
      else s.passed++;
    }
    s.duration = round(suite.time !== undefined ? seconds(suite.time) : caseTime);
    report.suites.push(s);
    report.passed += s.passed;
    report.failed += s.failed;
    report.skipped += s.skipped;
    report.error += s.error;
    report.duration = round(report.duration + s.duration);
  }
}

/** `testResults` as a folder (its `*.xml`) or a pattern in the last segment (`/reports/TEST-*.xml`). */
function target(testResults: string): { dir: string; pattern: RegExp } {
  const base = path.basename(testResults);
  if (!base.includes('*') && !base.includes('?')) return { dir: testResults, pattern: /\.xml$/i };
  const re = base
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return { dir: path.dirname(testResults), pattern: new RegExp(`^${re}$`, 'i') };
}

const invalid = (message: string, started: number): CheckResult => ({
  pass: false,
  invalid: true,
  duration: Date.now() - started,
  message,
  error: message,
  details: {},
});

/**
 * Check type `junit`: reads the JUnit XML reports in the `testResults` folder and passes when no test case failed
 * or errored. canary-checker runs a pod first and waits `timeout` minutes for it; here the reports are read from a
 * local folder (written by whatever runs the tests); `timeout` (minutes) bounds the run.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'junit')
export class JunitCheckRunner implements CheckRunner {
  readonly type = 'junit';

  /** canary-checker's junit `timeout` is in minutes, not the host's milliseconds. */
  timeoutMs(spec: CheckSpec): number | null {
    return Number.isInteger(spec.timeout) && (spec.timeout as number) > 0 ? (spec.timeout as number) * 60_000 : null;
  }

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    if (typeof spec.testResults !== 'string' || !spec.testResults) errors.push('testResults: required');
    else if (!path.isAbsolute(spec.testResults)) errors.push('testResults: must be an absolute local path');
    if (spec.timeout !== undefined && !(Number.isInteger(spec.timeout) && (spec.timeout as number) > 0))
      errors.push('timeout: must be a whole number of minutes > 0');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return invalid(problems.join('; '), started);
    const { dir, pattern } = target(spec.testResults as string);
    let files: string[];
    try {
      const entries = await fs.readdir(dir, { withFileTypes: true });
      files = entries
        .filter((e) => e.isFile() && pattern.test(e.name))
        .map((e) => e.name)
        .sort();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return invalid(`testResults: folder ${dir} does not exist`, started);
      const message = (err as Error).message;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    }
    if (!files.length) return invalid(`testResults: no JUnit XML files in ${dir}`, started);

    const report: JunitReport = { passed: 0, failed: 0, skipped: 0, error: 0, duration: 0, suites: [], failures: [] };
    try {
      for (const file of files) {
        if (ctx.signal.aborted) throw new Error('aborted');
        addJunitXml(report, await fs.readFile(path.join(dir, file), 'utf8'), file);
      }
    } catch (err) {
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message;
      return { pass: false, invalid: false, duration: Date.now() - started, message, error: message, details: {} };
    }

    const pass = report.failed === 0 && report.error === 0;
    const message = `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped` + (report.error ? `, ${report.error} errors` : '');
    const firstFailure = report.failures[0];
    const error = pass ? null : `${firstFailure.suite} › ${firstFailure.name}: ${firstFailure.message || firstFailure.kind}`;
    return { pass, invalid: false, duration: Date.now() - started, message, error, details: { ...report, files } };
  }
}
