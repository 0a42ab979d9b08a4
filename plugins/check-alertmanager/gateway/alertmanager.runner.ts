import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { apiCall, apiUrlProblem, failedResult, httpUrl } from '@gateway/core/checks/runner-kit';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

/**
 * The Alertmanager's base URL: an http(s) URL, or a host without a scheme (`alertmanager:9093`,
 * `alertmanager.example.com`, as canary files give it) read as `http://<host>`; null when neither.
 */
export function alertmanagerUrl(raw: string): URL | null {
  const text = raw.trim();
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) return httpUrl(text);
  if (!/^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?(?:\/\S*)?$/.test(text)) return null;
  return httpUrl(`http://${text}`);
}
const URL_RULES = { parse: alertmanagerUrl, expected: 'an http:// or https:// URL, or host:port' };
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** One firing alert as the check reports it (details.alerts[]). */
export interface FiringAlert {
  name: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** The summary/description/message annotation, for display and transforms. */
  message: string;
  startsAt: string | null;
  fingerprint: string | null;
}

interface AlertmanagerAlert {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  startsAt?: string;
  fingerprint?: string;
}

/**
 * Check type `alertmanager` (`url` an http(s) URL or a bare `host[:port]`, read as http): lists the active, unsilenced, uninhibited alerts (`GET {url}/api/v2/alerts`) narrowed
 * by the check's `alerts`/`ignore` names and `filters`/`exclude_filters` labels. Alertmanager applies them itself
 * (regex matchers, fully anchored, as canary-checker sends them); the check fails while any of them fires.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'alertmanager')
export class AlertmanagerCheckRunner implements CheckRunner {
  readonly type = 'alertmanager';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    const url = apiUrlProblem(spec, URL_RULES);
    if (url) errors.push(url);
    for (const field of ['alerts', 'ignore'] as const) {
      const v = spec[field];
      if (v !== undefined && v !== null && typeof v !== 'string' && (!Array.isArray(v) || v.some((n) => typeof n !== 'string'))) {
        errors.push(`${field}: must be a list of alert names`);
      }
    }
    for (const field of ['filters', 'exclude_filters'] as const) {
      const v = spec[field];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'object' || Array.isArray(v) || Object.values(v).some((x) => typeof x !== 'string'))
        errors.push(`${field}: must be a map of label to value`);
      else {
        const bad = Object.keys(v).find((k) => !LABEL_NAME.test(k));
        if (bad !== undefined) errors.push(`${field}: '${bad}' is not a label name`);
      }
    }
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return failedResult(started, problems.join('; '), true);

    const search: Array<[string, string]> = [
      ['active', 'true'],
      ['silenced', 'false'],
      ['inhibited', 'false'],
      ...matchersOf(spec).map((m): [string, string] => ['filter', m]),
    ];
    const response = await apiCall(spec, ctx, started, { rules: URL_RULES, path: '/api/v2/alerts', search, insecure: spec.insecure === true });
    if ('pass' in response) return response;
    const { duration, json } = response;
    if (response.code < 200 || response.code > 299 || !Array.isArray(json)) {
      const reason = typeof json === 'string' ? json : ((json as { message?: unknown } | undefined)?.message ?? response.body.slice(0, 200).trim());
      const message = `HTTP ${response.code}: ${String(reason)}`;
      return { pass: false, invalid: false, duration, message, error: message, details: { code: response.code } };
    }
    // Alertmanager's order varies between calls; by name, then start, the message and details read the same each run.
    const alerts = (json as AlertmanagerAlert[])
      .map(firingAlert)
      .sort((a, b) => a.name.localeCompare(b.name) || String(a.startsAt).localeCompare(String(b.startsAt)));
    const count = alerts.length;
    const names = [...new Set(alerts.map((a) => a.name))];
    const message = count ? `${count} alert${count === 1 ? '' : 's'} firing: ${names.join(', ')}` : 'no alerts firing';
    return { pass: count === 0, invalid: false, duration, message, error: count ? message : null, details: { alerts, count } };
  }
}

/** The `filter` matchers: names in `alerts` (=~), not in `ignore` (!~), `filters` labels (=~), `exclude_filters` (!~). */
export function matchersOf(spec: CheckSpec): string[] {
  // A list (YAML), or the editor's text with one name per line.
  const names = (v: unknown) => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? v.split('\n') : []).map((n) => n.trim()).filter((n) => n !== '');
  const matchers: string[] = [];
  const alerts = names(spec.alerts);
  const ignore = names(spec.ignore);
  if (alerts.length) matchers.push(`alertname=~${quote(alerts.join('|'))}`);
  if (ignore.length) matchers.push(`alertname!~${quote(ignore.join('|'))}`);
  for (const [label, value] of Object.entries((spec.filters as Record<string, string> | undefined) ?? {})) matchers.push(`${label}=~${quote(value)}`);
  for (const [label, value] of Object.entries((spec.exclude_filters as Record<string, string> | undefined) ?? {})) matchers.push(`${label}!~${quote(value)}`);
  return matchers;
}

/** A matcher value in double quotes, with `\` and `"` escaped as Alertmanager's matcher parser expects. */
const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function firingAlert(a: AlertmanagerAlert): FiringAlert {
  const labels = a.labels ?? {};
  const annotations = a.annotations ?? {};
  return {
    name: labels.alertname ?? '',
    labels,
    annotations,
    message: annotations.summary ?? annotations.description ?? annotations.message ?? '',
    startsAt: a.startsAt ?? null,
    fingerprint: a.fingerprint ?? null,
  };
}
