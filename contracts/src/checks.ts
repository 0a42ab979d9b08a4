/**
 * Health checks (spec 02 Health, spec 03 health check editors). A canary is a Kubernetes-style YAML document with
 * one list per check type; each check type is a plugin (plugins/check-<type>/) contributing a runner to the
 * gateway extension point `checks` and a form to the web (`health.checkTypes`).
 */
export const CHECK_EXTENSION_POINT = 'checks';

/** What a runner returns. `invalid` is a configuration error: not a failure, and it does not count against uptime. */
export interface CheckResult {
  pass: boolean;
  invalid: boolean;
  /** Milliseconds the check took (the runner's own measurement). */
  duration: number;
  message: string;
  error: string | null;
  /** Type-specific data the `test`/`display`/`transform` expressions see (code, headers, content, json, ...). */
  details: Record<string, unknown>;
}

export interface CheckRunContext {
  /** Abort when the check's timeout passes; runners must stop work and answer promptly. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Resolves `connection` references and secret-or-value fields ({value} | {valueFrom: ...}). */
  resolveSecret(ref: unknown): Promise<string | null>;
}

/** The check as written in the canary spec: name, description, labels, icon, test/display/transform, type fields. */
export type CheckSpec = Record<string, unknown> & { name: string };

/**
 * What a check type's gateway plugin implements, registered with `@Extension('checks', '<type>')`.
 * `validate` returns messages naming the field (e.g. `http[0].url: required`), empty when valid.
 */
export interface CheckRunner {
  readonly type: string;
  validate(spec: CheckSpec): string[];
  run(spec: CheckSpec, context: CheckRunContext): Promise<CheckResult>;
}

/** Check types the editor offers (spec 03 §2); those without a runner save and report invalid. */
export const CHECK_TYPES_IN_EDITOR = [
  'http', 'awsconfigrule', 'awsconfig', 'github', 'ec2', 'ldap', 'pod', 'exec', 'alertmanager', 'cloudwatch',
  'elasticsearch', 'redis', 'mongodb', 'dns', 'icmp', 'gcs', 's3', 'smb', 'sftp', 'folder', 'prometheus',
  'kubernetes', 'sql', 'catalog', 'azuredevops', 'jmeter', 'junit', 'dynatrace', 'namespace', 'tcp', 'postgres',
  'mysql', 'opensearch',
] as const;

export const CHECK_TYPE_NOT_SUPPORTED = 'check type not supported';
