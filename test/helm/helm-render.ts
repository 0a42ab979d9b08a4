/**
 * Renders the repository's Helm chart as `helm template` would, with the small Go renderer of test/helm/render (Go's
 * text/template + sprig, Helm's template language; there is no helm binary here). The renderer is built with Debian's
 * Go and sprig (`golang-go`, `golang-github-masterminds-sprig-dev`, GOPATH mode, no network) into
 * node_modules/.cache/helm-render/<hash of its sources and the Go version>/, and reused while that hash holds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CHART_DIR = path.join(ROOT, 'helm', 'ops-console');
const SOURCES = path.join(__dirname, 'render');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'helm-render');
const GOPATH = '/usr/share/gocode';

const MISSING_GO =
  "The Helm chart tests render the chart with Go and sprig from Debian's packages, which are not installed: " +
  'apt-get install golang-go golang-github-masterminds-sprig-dev (.ci/run installs them).';

let built: string | undefined;

/** The renderer's path, built when its sources (or the Go toolchain) changed since the cached build. */
export function rendererBinary(): string {
  if (built) return built;
  const version = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) throw new Error(`${MISSING_GO} (\`go version\`: ${version.error?.message ?? version.stderr})`);
  if (!fs.existsSync(path.join(GOPATH, 'src', 'github.com', 'Masterminds', 'sprig')))
    throw new Error(`${MISSING_GO} (no ${GOPATH}/src/github.com/Masterminds/sprig)`);
  const hash = createHash('sha256').update(version.stdout);
  for (const file of fs
    .readdirSync(SOURCES)
    .filter((name) => name.endsWith('.go'))
    .sort()) {
    hash.update(file).update(fs.readFileSync(path.join(SOURCES, file)));
  }
  const dir = path.join(CACHE, hash.digest('hex').slice(0, 16));
  const binary = path.join(dir, 'render');
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(dir, { recursive: true });
    const partial = `${binary}.${process.pid}.tmp`;
    const build = spawnSync('go', ['build', '-o', partial, '.'], {
      cwd: SOURCES,
      encoding: 'utf8',
      env: { ...process.env, GO111MODULE: 'off', GOPATH, GOCACHE: path.join(CACHE, 'go-build'), GOFLAGS: '' },
    });
    if (build.status !== 0) throw new Error(`Building the Helm renderer (test/helm/render) failed:\n${build.stderr || build.error?.message}`);
    fs.renameSync(partial, binary); // atomic: a concurrent run sees the whole binary or none
  }
  return (built = binary);
}

export interface RenderOptions {
  /** Another chart's folder (the renderer's own tests); default helm/ops-console. */
  chartDir?: string;
  release?: string;
  namespace?: string;
  upgrade?: boolean;
}

export type Rendered = { ok: true; manifest: string; notes: string; objects: K8sObject[] } | { ok: false; error: string };

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  /** The template the object came from (`ops-console/templates/deployment.yaml`). */
  source: string;
  [field: string]: unknown;
}

/** Renders the chart with these values merged over values.yaml (as `--set-json`). */
export function render(values: Record<string, unknown> = {}, options: RenderOptions = {}): Rendered {
  const args = ['--chart', options.chartDir ?? CHART_DIR, '--name', options.release ?? 'console', '--namespace', options.namespace ?? 'ops', '--json'];
  args.push('--set-json', JSON.stringify(values));
  if (options.upgrade) args.push('--upgrade');
  const run = spawnSync(rendererBinary(), args, { encoding: 'utf8' });
  if (run.status !== 0) return { ok: false, error: (run.stderr || run.error?.message || '').trim() };
  const { manifest, notes } = JSON.parse(run.stdout) as { manifest: string; notes: string };
  return { ok: true, manifest, notes, objects: parseManifest(manifest) };
}

/** Every document of a manifest, with the template named by its `# Source:` line. */
export function parseManifest(manifest: string): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const text of manifest.split(/^---[ \t]*$/m)) {
    if (!text.trim()) continue;
    const docs = parseAllDocuments(text);
    if (docs.length !== 1) throw new Error(`A rendered document holds ${docs.length} YAML documents:\n${text}`);
    const [doc] = docs;
    if (doc.errors.length) throw new Error(`A rendered document is not YAML: ${doc.errors[0].message}\n${text}`);
    const value = doc.toJS() as K8sObject | null;
    if (!value) continue;
    objects.push({ ...value, source: /^# Source: (.+)$/m.exec(text)?.[1].trim() ?? '' });
  }
  return objects;
}

/**
 * Validates objects against the Kubernetes schemas of kubernetes-models; answers, for each, null (valid) or what is
 * wrong. Run by Node in a child process (validate-objects.mjs): the package is ES modules with `import`-only
 * exports, which Jest's CommonJS loader cannot follow.
 */
export function validateObjects(objects: K8sObject[]): (string | null)[] {
  const plain = objects.map(({ source: _source, ...object }) => object);
  const run = spawnSync(process.execPath, [path.join(__dirname, 'validate-objects.mjs')], { cwd: ROOT, input: JSON.stringify(plain), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`validate-objects.mjs failed: ${run.stderr || run.error?.message}`);
  return JSON.parse(run.stdout) as (string | null)[];
}

/** The decoded `data` of a rendered Secret. */
export function secretData(secret: K8sObject): Record<string, string> {
  const data = (secret.data ?? {}) as Record<string, string>;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]));
}
