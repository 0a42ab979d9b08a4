/**
 * The Helm chart (helm/ops-console) rendered as Helm would, with default and non-default values: every object is
 * valid against the Kubernetes schemas (kubernetes-models), and the wiring the console depends on holds (probes, the
 * settings the gateway reads, secret references, selectors, non-root pods, agent mode, `required`, the values schema).
 *
 * SPAWNS `go`: the first run builds the renderer of test/helm/render (a few seconds) into
 * node_modules/.cache/helm-render/, later runs reuse it. Without Go and sprig the suite fails, saying what to install.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { AGENT_DEFAULT_SCRAPE_INTERVAL, AGENT_SCRAPE_INTERVALS } from '@contracts/agents';
import { chartValueFields, defaultValues, missingRequired } from '../../plugins/settings/web/add/chartValues';
import { CHART_DIR, type K8sObject, ROOT, render, type Rendered, rendererBinary, secretData, validateObjects } from './helm-render';

type Obj = Record<string, unknown>;
type Container = { name: string; image: string; env?: EnvVar[]; envFrom?: Obj[]; securityContext?: Obj; [key: string]: unknown };
type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } };

const RELEASE = 'console';
const FULLNAME = 'console-ops-console';
const PG = `${FULLNAME}-postgresql`;

function ok(rendered: Rendered): Extract<Rendered, { ok: true }> {
  if (!rendered.ok) throw new Error(`The chart did not render:\n${rendered.error}`);
  return rendered;
}

function find(objects: K8sObject[], kind: string, name?: string): K8sObject {
  const found = objects.filter((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
  if (found.length !== 1) throw new Error(`expected one ${kind}${name ? ` ${name}` : ''}, found ${found.length}`);
  return found[0];
}

const kinds = (objects: K8sObject[]) => objects.map((o) => `${o.kind}/${o.metadata.name}`).sort();
const podSpec = (workload: K8sObject) => ((workload.spec as Obj).template as { spec: Obj }).spec;
const consoleContainer = (deployment: K8sObject) => (podSpec(deployment).containers as Container[]).find((c) => c.name === 'console')!;
const envOf = (container: Container) => new Map((container.env ?? []).map((e) => [e.name, e]));
const secretRef = (container: Container, name: string) => envOf(container).get(name)?.valueFrom?.secretKeyRef;

/** Every object valid against the Kubernetes schemas (kubernetes-models), or the list of what is wrong. */
function validateAll(objects: K8sObject[]): void {
  const results = validateObjects(objects);
  expect(results.length).toBe(objects.length);
  const problems = objects.flatMap((object, i) => (results[i] ? [`${object.kind} ${object.metadata.name} (${object.source}): ${results[i]}`] : []));
  expect(problems).toEqual([]);
}

/** Names the gateway reads from its environment: `env.NAME`, `env['NAME']`, `int(env, 'NAME', …)`. */
function envNamesReadIn(files: string[]): Set<string> {
  const names = new Set<string>();
  const pattern = /\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])|\(env,\s*'([A-Z][A-Z0-9_]+)'/g;
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) names.add(match[1] ?? match[2] ?? match[3]);
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && file.endsWith('.ts') && !/\.(spec|test)\.ts$/.test(file) ? [file] : [];
  });
}

const APP_CONFIG = path.join(ROOT, 'gateway/src/core/config/app-config.ts');
/** Agent mode's settings: read by the agent mode of issue 16 (not in app-config.ts when the chart was written). */
const AGENT_SETTINGS = [
  'UPSTREAM_URL',
  'UPSTREAM_USERNAME',
  'UPSTREAM_PASSWORD',
  'AGENT_NAME',
  'KUBERNETES_ENABLED',
  'KUBERNETES_INTERVAL',
  'TELEMETRY_ENABLED',
];

/** Every environment variable the console container gets: its ConfigMap's keys and its explicit env. */
function consoleSettings(objects: K8sObject[]): string[] {
  const deployment = find(objects, 'Deployment');
  const configMap = find(objects, 'ConfigMap', FULLNAME);
  return [...Object.keys(configMap.data as Obj), ...[...envOf(consoleContainer(deployment)).keys()]].sort();
}

beforeAll(() => {
  rendererBinary(); // builds once (or fails saying what to install)
});

describe('the renderer', () => {
  it('renders as Helm: partials first, include, tpl, required, toYaml/fromYaml/toJson, lookup, capabilities, sources, NOTES apart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helm-render-'));
    try {
      fs.mkdirSync(path.join(dir, 'templates'));
      fs.writeFileSync(path.join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: demo\nversion: 1.2.3\nappVersion: "4.5"\n');
      fs.writeFileSync(path.join(dir, 'values.yaml'), 'greeting: hello\nnested: {a: 1, b: [x, y]}\ntext: "{{ .Values.greeting }} {{ .Release.Name }}"\n');
      // `a.yaml` sorts before `_z.tpl`'s partial is used: partials are defined before any template runs.
      fs.writeFileSync(
        path.join(dir, 'templates', 'a.yaml'),
        [
          'apiVersion: v1',
          'kind: ConfigMap',
          'metadata:',
          '  name: {{ include "demo.name" . }}',
          'data:',
          '  tpl: {{ tpl .Values.text . | quote }}',
          '  json: {{ toJson .Values.nested | quote }}',
          '  roundTrip: {{ (fromYaml (toYaml .Values.nested)).b | join "," | quote }}',
          '  lookup: {{ lookup "v1" "Secret" "ns" "x" | len | quote }}',
          '  pdb: {{ .Capabilities.APIVersions.Has "policy/v1" | quote }}',
          '  upgrade: {{ .Release.IsUpgrade | quote }}',
          '  missing: "{{ .Values.absent }}"',
          '  nested: |',
          '    {{- toYaml .Values.nested | nindent 4 }}',
          '---',
          '# only a comment: not a document',
          '---',
          'apiVersion: v1',
          'kind: Namespace',
          'metadata: {name: {{ .Release.Namespace }}}',
          '',
        ].join('\n'),
      );
      fs.writeFileSync(path.join(dir, 'templates', '_z.tpl'), '{{- define "demo.name" -}}{{ .Chart.Name }}-{{ .Chart.AppVersion }}{{- end }}');
      fs.writeFileSync(path.join(dir, 'templates', 'NOTES.txt'), 'Hello {{ .Release.Name }} {{ required "who is required" .Values.greeting }}');
      const rendered = ok(render({ nested: { b: ['z'] } }, { chartDir: dir, release: 'r1', namespace: 'n1', upgrade: true }));
      // Helm's install order: the Namespace before the ConfigMap; each document headed by its template.
      expect(rendered.objects.map((o) => `${o.kind}:${o.source}`)).toEqual(['Namespace:demo/templates/a.yaml', 'ConfigMap:demo/templates/a.yaml']);
      expect(rendered.objects[1].data).toEqual({
        tpl: 'hello r1',
        json: '{"a":1,"b":["z"]}',
        roundTrip: 'z',
        lookup: '0',
        pdb: 'true',
        upgrade: 'true',
        missing: '',
        nested: 'a: 1\nb:\n- z\n',
      });
      expect(rendered.objects[1].metadata.name).toBe('demo-4.5');
      expect(rendered.notes).toBe('Hello r1 hello');
      const failed = render({ greeting: '' }, { chartDir: dir });
      expect(!failed.ok && failed.error).toContain('who is required');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the chart with its default values', () => {
  let objects: K8sObject[];
  let notes: string;
  beforeAll(() => {
    ({ objects, notes } = ok(render({}, { release: RELEASE })));
  });

  it('renders valid Kubernetes objects: the console, its settings, RBAC and the bundled Postgres', () => {
    expect(kinds(objects)).toEqual(
      [
        `ClusterRole/${FULLNAME}-ops-reader`,
        `ClusterRoleBinding/${FULLNAME}-ops-reader`,
        `ConfigMap/${FULLNAME}`,
        `Deployment/${FULLNAME}`,
        `Secret/${FULLNAME}`,
        `Secret/${PG}`,
        `Service/${FULLNAME}`,
        `Service/${PG}`,
        `ServiceAccount/${FULLNAME}`,
        `StatefulSet/${PG}`,
      ].sort(),
    );
    validateAll(objects);
    // NOTES.txt is shown to the user, never applied.
    expect(objects.every((o) => !o.source.endsWith('NOTES.txt'))).toBe(true);
    expect(notes).toContain(`kubectl port-forward -n ops svc/${FULLNAME} 8080:80`);
    expect(notes).toContain(`kubectl get secret -n ops ${FULLNAME} -o jsonpath='{.data.ADMIN_PASSWORD}'`);
    for (const object of objects) {
      expect(object.metadata.labels).toMatchObject({ 'app.kubernetes.io/instance': RELEASE, 'app.kubernetes.io/managed-by': 'Helm' });
      if (object.kind !== 'ClusterRole' && object.kind !== 'ClusterRoleBinding') expect(object.metadata.namespace).toBe('ops');
    }
  });

  it('probes /healthz (startup, liveness) and /readyz (readiness) on the port the gateway listens on', () => {
    const deployment = find(objects, 'Deployment');
    const container = consoleContainer(deployment);
    const probePath = (probe: string) => ((container[probe] as Obj).httpGet as Obj).path;
    expect(probePath('livenessProbe')).toBe('/healthz');
    expect(probePath('startupProbe')).toBe('/healthz');
    expect(probePath('readinessProbe')).toBe('/readyz');
    expect(container.ports).toEqual([{ name: 'http', containerPort: 8080, protocol: 'TCP' }]);
    expect((find(objects, 'ConfigMap', FULLNAME).data as Obj).PORT).toBe('8080');
    expect(container.image).toBe(`ops-console:${parse(fs.readFileSync(path.join(CHART_DIR, 'Chart.yaml'), 'utf8')).appVersion}`);
  });

  it('hands the console only settings the gateway reads (a renamed setting fails here)', () => {
    const appConfig = envNamesReadIn([APP_CONFIG]);
    const gateway = envNamesReadIn([
      ...sourceFiles(path.join(ROOT, 'gateway/src')),
      ...fs.readdirSync(path.join(ROOT, 'plugins')).flatMap((p) => sourceFiles(path.join(ROOT, 'plugins', p, 'gateway'))),
    ]);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const settings = consoleSettings(objects);
    expect(settings).toEqual(expect.arrayContaining(['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'CONNECTION_KEY', 'DATA_DIR', 'PORT', 'HOST']));
    for (const name of settings) {
      if (AGENT_SETTINGS.includes(name) && !gateway.has(name)) continue; // until agent mode reads them
      expect({ name, readByGateway: AGENT_SETTINGS.includes(name) ? gateway.has(name) : appConfig.has(name) }).toEqual({ name, readByGateway: true });
      if (!AGENT_SETTINGS.includes(name)) expect({ name, inReadme: readme.includes(`\`${name}\``) }).toEqual({ name, inReadme: true });
    }
  });

  it('wires DATABASE_URL to the bundled Postgres, whose generated password and URL come from one Secret', () => {
    const container = consoleContainer(find(objects, 'Deployment'));
    expect(secretRef(container, 'DATABASE_URL')).toEqual({ name: PG, key: 'url' });
    const pg = secretData(find(objects, 'Secret', PG));
    expect(pg.password).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(pg.url).toBe(`postgres://console:${pg.password}@${PG}:5432/console`);
    const statefulSet = find(objects, 'StatefulSet', PG);
    const postgres = (podSpec(statefulSet).containers as Container[])[0];
    expect(secretRef(postgres, 'POSTGRES_PASSWORD')).toEqual({ name: PG, key: 'password' });
    expect(secretRef(postgres, 'POSTGRES_USER')).toEqual({ name: PG, key: 'username' });
    // Headless Service named as the StatefulSet's serviceName, selecting its pods; a volume claim template.
    const service = find(objects, 'Service', PG);
    expect((service.spec as Obj).clusterIP).toBe('None');
    expect((statefulSet.spec as Obj).serviceName).toBe(PG);
    const podLabels = ((statefulSet.spec as Obj).template as { metadata: { labels: Obj } }).metadata.labels;
    expect(podLabels).toMatchObject((service.spec as Obj).selector as Obj);
    expect(podLabels).toMatchObject(((statefulSet.spec as Obj).selector as { matchLabels: Obj }).matchLabels);
    expect((statefulSet.spec as { volumeClaimTemplates: { spec: Obj }[] }).volumeClaimTemplates[0].spec).toMatchObject({
      resources: { requests: { storage: '8Gi' } },
    });
    // The console waits for it before migrating.
    const init = podSpec(find(objects, 'Deployment')).initContainers as Container[];
    expect(init.map((c) => c.name)).toEqual(['wait-for-postgresql']);
    expect(init[0].command).toEqual(expect.arrayContaining([PG, '5432']));
  });

  it('keeps the admin password and connection key in its Secret; generated values are random', () => {
    const container = consoleContainer(find(objects, 'Deployment'));
    expect(secretRef(container, 'ADMIN_PASSWORD')).toEqual({ name: FULLNAME, key: 'ADMIN_PASSWORD' });
    expect(secretRef(container, 'CONNECTION_KEY')).toEqual({ name: FULLNAME, key: 'CONNECTION_KEY' });
    const secret = secretData(find(objects, 'Secret', FULLNAME));
    expect(secret.ADMIN_PASSWORD).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(secret.CONNECTION_KEY).toMatch(/^[A-Za-z0-9]{64}$/);
    const again = secretData(find(ok(render({}, { release: RELEASE, upgrade: true })).objects, 'Secret', FULLNAME));
    // Without a cluster lookup answers nothing, so a new render generates anew (with one, the stored value is kept).
    expect(again.CONNECTION_KEY).not.toBe(secret.CONNECTION_KEY);
    // Nothing secret in the ConfigMap.
    const configMap = find(objects, 'ConfigMap', FULLNAME).data as Obj;
    expect(Object.keys(configMap)).not.toEqual(expect.arrayContaining(['ADMIN_PASSWORD']));
    expect(Object.keys(configMap).filter((key) => /PASSWORD|KEY|DATABASE_URL|SECRET/.test(key))).toEqual([]);
  });

  it('selects its own pods: Service and Deployment selectors match the pod labels, and not the Postgres pods', () => {
    const deployment = find(objects, 'Deployment');
    const podLabels = ((deployment.spec as Obj).template as { metadata: { labels: Obj } }).metadata.labels;
    const selector = ((deployment.spec as Obj).selector as { matchLabels: Obj }).matchLabels;
    expect(podLabels).toMatchObject(selector);
    expect((find(objects, 'Service', FULLNAME).spec as Obj).selector).toEqual(selector);
    const pgLabels = ((find(objects, 'StatefulSet').spec as Obj).template as { metadata: { labels: Obj } }).metadata.labels;
    expect(Object.entries(selector).every(([key, value]) => pgLabels[key] === value)).toBe(false);
    expect(((find(objects, 'Service', FULLNAME).spec as Obj).ports as Obj[])[0]).toMatchObject({ port: 80, targetPort: 'http' });
  });

  it('runs non-root with a read-only root filesystem, no capabilities and the runtime seccomp profile', () => {
    for (const workload of [find(objects, 'Deployment'), find(objects, 'StatefulSet')]) {
      const spec = podSpec(workload);
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(((spec.securityContext as Obj).runAsUser as number) > 0).toBe(true);
      for (const container of [...(spec.containers as Container[]), ...((spec.initContainers as Container[]) ?? [])]) {
        expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
      }
    }
    const deployment = find(objects, 'Deployment');
    const mounts = (consoleContainer(deployment).volumeMounts as { mountPath: string }[]).map((m) => m.mountPath);
    expect(mounts).toEqual(expect.arrayContaining(['/tmp', (find(objects, 'ConfigMap', FULLNAME).data as Obj).DATA_DIR]));
  });

  it('grants the service account read-only access to what the kubernetes scraper reads', () => {
    const role = find(objects, 'ClusterRole');
    const rules = role.rules as { apiGroups: string[]; resources: string[]; verbs: string[] }[];
    for (const rule of rules) expect(rule.verbs).toEqual(['get', 'list', 'watch']);
    const granted = rules.flatMap((rule) => rule.resources.map((resource) => `${rule.apiGroups[0]}/${resource}`));
    for (const kind of [
      '/pods',
      '/nodes',
      '/namespaces',
      '/services',
      '/configmaps',
      '/persistentvolumeclaims',
      '/events',
      'apps/deployments',
      'apps/replicasets',
      'apps/statefulsets',
      'apps/daemonsets',
      'batch/jobs',
      'batch/cronjobs',
      'networking.k8s.io/ingresses',
    ]) {
      expect(granted).toContain(kind);
    }
    expect(granted).not.toContain('/secrets');
    const binding = find(objects, 'ClusterRoleBinding');
    expect(binding.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role.metadata.name });
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: FULLNAME, namespace: 'ops' }]);
    expect(podSpec(find(objects, 'Deployment')).serviceAccountName).toBe(FULLNAME);
  });
});

describe('the chart with other values', () => {
  it('takes DATABASE_URL from an existing Secret and deploys no Postgres', () => {
    const { objects } = ok(render({ database: { existingSecret: { name: 'pg-url', key: 'uri' } } }, { release: RELEASE }));
    validateAll(objects);
    expect(objects.filter((o) => o.kind === 'StatefulSet' || o.metadata.name === PG)).toEqual([]);
    const deployment = find(objects, 'Deployment');
    expect(secretRef(consoleContainer(deployment), 'DATABASE_URL')).toEqual({ name: 'pg-url', key: 'uri' });
    expect(podSpec(deployment).initContainers).toBeUndefined();
    expect(secretData(find(objects, 'Secret', FULLNAME)).DATABASE_URL).toBeUndefined();
  });

  it('keeps an inline database URL in its Secret', () => {
    const url = 'postgres://app:s3cret@db.example.com:5432/console?sslmode=require';
    const { objects } = ok(render({ database: { url } }, { release: RELEASE }));
    validateAll(objects);
    expect(objects.some((o) => o.kind === 'StatefulSet')).toBe(false);
    expect(secretRef(consoleContainer(find(objects, 'Deployment')), 'DATABASE_URL')).toEqual({ name: FULLNAME, key: 'DATABASE_URL' });
    expect(secretData(find(objects, 'Secret', FULLNAME)).DATABASE_URL).toBe(url);
  });

  it('without any database runs the embedded Postgres on one replica, in a persistent data dir when asked', () => {
    const { objects, notes } = ok(render({ postgresql: { enabled: false }, persistence: { enabled: true, size: '20Gi' } }, { release: RELEASE }));
    validateAll(objects);
    const deployment = find(objects, 'Deployment');
    expect(envOf(consoleContainer(deployment)).has('DATABASE_URL')).toBe(false);
    expect((deployment.spec as Obj).strategy).toEqual({ type: 'Recreate' });
    const claim = find(objects, 'PersistentVolumeClaim');
    expect(podSpec(deployment).volumes).toEqual(expect.arrayContaining([{ name: 'data', persistentVolumeClaim: { claimName: claim.metadata.name } }]));
    expect(notes).toContain('embedded Postgres');
    const twice = render({ postgresql: { enabled: false }, replicaCount: 2 });
    expect(twice.ok).toBe(false);
    expect(!twice.ok && twice.error).toContain('the embedded Postgres serves one replica');
  });

  it('adds an Ingress with TLS routed to the Service', () => {
    const { objects, notes } = ok(
      render(
        {
          ingress: {
            enabled: true,
            className: 'nginx',
            annotations: { 'cert-manager.io/cluster-issuer': 'letsencrypt' },
            hosts: [{ host: 'console.example.com', paths: [{ path: '/', pathType: 'Prefix' }] }],
            tls: [{ secretName: 'console-tls', hosts: ['console.example.com'] }],
          },
          publicUrl: 'https://console.example.com',
        },
        { release: RELEASE },
      ),
    );
    validateAll(objects);
    const ingress = find(objects, 'Ingress');
    expect(ingress.spec).toEqual({
      ingressClassName: 'nginx',
      tls: [{ secretName: 'console-tls', hosts: ['console.example.com'] }],
      rules: [
        { host: 'console.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: FULLNAME, port: { name: 'http' } } } }] } },
      ],
    });
    expect(ingress.metadata.annotations).toEqual({ 'cert-manager.io/cluster-issuer': 'letsencrypt' });
    expect((find(objects, 'ConfigMap', FULLNAME).data as Obj).PUBLIC_URL).toBe('https://console.example.com');
    expect(notes).toContain('https://console.example.com');
  });

  it('adds an autoscaling/v2 HPA and a PodDisruptionBudget over the console pods', () => {
    const { objects } = ok(
      render(
        { autoscaling: { enabled: true, minReplicas: 2, maxReplicas: 6, targetMemoryUtilizationPercentage: 80 }, podDisruptionBudget: { enabled: true } },
        { release: RELEASE },
      ),
    );
    validateAll(objects);
    const deployment = find(objects, 'Deployment');
    expect((deployment.spec as Obj).replicas).toBeUndefined(); // the HPA owns it
    const hpa = find(objects, 'HorizontalPodAutoscaler');
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec).toMatchObject({ scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: FULLNAME }, minReplicas: 2, maxReplicas: 6 });
    expect(((hpa.spec as Obj).metrics as { resource: { name: string } }[]).map((m) => m.resource.name)).toEqual(['cpu', 'memory']);
    const pdb = find(objects, 'PodDisruptionBudget');
    expect(pdb.spec).toEqual({ minAvailable: 1, selector: { matchLabels: ((deployment.spec as Obj).selector as Obj).matchLabels } });
    expect(find(ok(render({ podDisruptionBudget: { enabled: true, maxUnavailable: '50%' } })).objects, 'PodDisruptionBudget').spec).toMatchObject({
      maxUnavailable: '50%',
    });
  });

  it('runs as an agent: upstream URL, user and name in the ConfigMap, the token from a Secret', () => {
    const values = {
      upstream: { url: 'https://console.example.com', password: 'tok-123' },
      agent: { name: 'eu-west' },
      kubernetes: { interval: '1h' },
      telemetry: { enabled: true },
    };
    const { objects, notes } = ok(render(values, { release: RELEASE }));
    validateAll(objects);
    const configMap = find(objects, 'ConfigMap', FULLNAME).data as Obj;
    expect(configMap).toMatchObject({
      UPSTREAM_URL: 'https://console.example.com',
      UPSTREAM_USERNAME: 'token',
      AGENT_NAME: 'eu-west',
      KUBERNETES_ENABLED: 'true',
      KUBERNETES_INTERVAL: '1h',
      TELEMETRY_ENABLED: 'true',
    });
    const container = consoleContainer(find(objects, 'Deployment'));
    expect(secretRef(container, 'UPSTREAM_PASSWORD')).toEqual({ name: FULLNAME, key: 'UPSTREAM_PASSWORD' });
    expect(secretData(find(objects, 'Secret', FULLNAME)).UPSTREAM_PASSWORD).toBe('tok-123');
    expect(notes).toContain('runs as the agent "eu-west"');
    const fromSecret = ok(render({ ...values, upstream: { url: 'https://console.example.com', existingSecret: { name: 'agent-token', key: 'token' } } }));
    expect(secretRef(consoleContainer(find(fromSecret.objects, 'Deployment')), 'UPSTREAM_PASSWORD')).toEqual({ name: 'agent-token', key: 'token' });
    // Not an agent: none of it.
    const plain = ok(render({}));
    expect(Object.keys(find(plain.objects, 'ConfigMap').data as Obj).filter((key) => key.startsWith('UPSTREAM') || key === 'AGENT_NAME')).toEqual([]);
    expect(envOf(consoleContainer(find(plain.objects, 'Deployment'))).has('UPSTREAM_PASSWORD')).toBe(false);
  });

  it('refuses half an agent configuration with `required`', () => {
    const error = (values: Obj) => {
      const rendered = render(values);
      return rendered.ok ? 'rendered' : rendered.error;
    };
    expect(error({ agent: { name: 'eu-west' }, upstream: { password: 't' } })).toContain('upstream.url is required with agent.name');
    expect(error({ upstream: { url: 'https://console.example.com', password: 't' } })).toContain('agent.name is required with upstream.url');
    expect(error({ upstream: { url: 'https://console.example.com' }, agent: { name: 'eu-west' } })).toContain(
      "upstream.password (the agent's access token) or upstream.existingSecret.name is required",
    );
  });

  it('creates no RBAC and no service account when told not to', () => {
    const { objects } = ok(render({ rbac: { create: false }, serviceAccount: { create: false } }, { release: RELEASE }));
    validateAll(objects);
    expect(objects.filter((o) => ['ClusterRole', 'ClusterRoleBinding', 'ServiceAccount'].includes(o.kind))).toEqual([]);
    expect(podSpec(find(objects, 'Deployment')).serviceAccountName).toBe('default');
  });

  it('passes further settings: plain ones through the ConfigMap, secret ones through the Secret', () => {
    const { objects } = ok(
      render({ config: { LOG_LEVEL: 'debug', HEALTH_CHECK_CONCURRENCY: 10 }, secretConfig: { OIDC_CLIENT_SECRET: 'shh' } }, { release: RELEASE }),
    );
    validateAll(objects);
    expect(find(objects, 'ConfigMap', FULLNAME).data).toMatchObject({ LOG_LEVEL: 'debug', HEALTH_CHECK_CONCURRENCY: '10', DEMO_DATA: 'false' });
    expect(secretRef(consoleContainer(find(objects, 'Deployment')), 'OIDC_CLIENT_SECRET')).toEqual({ name: FULLNAME, key: 'OIDC_CLIENT_SECRET' });
    expect(secretData(find(objects, 'Secret', FULLNAME)).OIDC_CLIENT_SECRET).toBe('shh');
  });
});

describe('values.schema.json', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(CHART_DIR, 'values.schema.json'), 'utf8')) as Schema;
  const values = parse(fs.readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as Obj;
  type Schema = { type?: string | string[]; description?: string; default?: unknown; enum?: unknown[]; properties?: Record<string, Schema> };

  it('rejects a wrong type, an unknown key and a setting the chart sets itself, as Helm does before rendering', () => {
    const error = (values: Obj) => {
      const rendered = render(values);
      return rendered.ok ? 'rendered' : rendered.error;
    };
    expect(error({ replicaCount: 'two' })).toContain('replicaCount: Invalid type. Expected: integer, given: string');
    expect(error({ image: { tag: 2 } })).toContain('image.tag: Invalid type. Expected: string, given: integer');
    expect(error({ ingress: { enabeld: true } })).toContain('Additional property enabeld is not allowed');
    expect(error({ kubernetes: { interval: '7m' } })).toContain('kubernetes.interval');
    expect(error({ config: { DATABASE_URL: 'postgres://x' } })).toContain('Property name "DATABASE_URL" is not allowed');
  });

  it('types and describes every value of values.yaml, with defaults equal to values.yaml', () => {
    const problems: string[] = [];
    const walk = (node: Schema | undefined, value: unknown, at: string) => {
      if (!node) return problems.push(`${at}: not in the schema`);
      if (!node.type || !node.description) problems.push(`${at}: no type or description`);
      if (node.default !== undefined && JSON.stringify(node.default) !== JSON.stringify(value))
        problems.push(`${at}: default ${JSON.stringify(node.default)} but values.yaml has ${JSON.stringify(value)}`);
      if (node.properties && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [key, child] of Object.entries(value)) walk(node.properties[key], child, at ? `${at}.${key}` : key);
      }
    };
    for (const [key, value] of Object.entries(values)) walk(schema.properties?.[key], value, key);
    expect(problems).toEqual([]);
    // The values the dialogs set: agent mode and the spec's scrape intervals (contracts).
    expect(schema.properties?.kubernetes.properties?.interval.enum).toEqual([...AGENT_SCRAPE_INTERVALS]);
    expect((values.kubernetes as Obj).interval).toBe(AGENT_DEFAULT_SCRAPE_INTERVAL);
    expect(Object.keys(schema.properties?.upstream.properties ?? {})).toEqual(['url', 'username', 'password', 'existingSecret']);
    expect((values.upstream as Obj).username).toBe('token');
  });

  it('draws the Integrations dialog form: agent mode and the main settings within its field budget, defaults that render', () => {
    // plugins/settings renders this file for "Install the console itself" (GET /api/integrations/charts/mission-control).
    const fields = chartValueFields(schema as Parameters<typeof chartValueFields>[0]);
    const byName = new Map(fields.map((f) => [f.field.name, f.field]));
    for (const name of [
      'publicUrl',
      'database.url',
      'postgresql.enabled',
      'upstream.url',
      'upstream.username',
      'upstream.password',
      'agent.name',
      'kubernetes.enabled',
      'telemetry.enabled',
      'ingress.enabled',
      'persistence.enabled',
    ]) {
      expect({ name, drawn: byName.has(name) }).toEqual({ name, drawn: true });
    }
    expect(byName.get('kubernetes.interval')).toMatchObject({ kind: 'select', options: AGENT_SCRAPE_INTERVALS.map((value) => ({ value, label: value })) });
    expect(byName.get('kubernetes.enabled')?.kind).toBe('boolean');
    expect(fields.length).toBeLessThan(60); // the form's budget: nothing is cut
    expect(missingRequired(fields, defaultValues(fields))).toEqual([]);
    // What the snippet carries with nothing changed renders.
    expect(render(defaultValues(fields)).ok).toBe(true);
  });

  it('declares the chart the Dockerfile builds: appVersion is the console version', () => {
    const chart = parse(fs.readFileSync(path.join(CHART_DIR, 'Chart.yaml'), 'utf8')) as Obj;
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };
    expect(chart).toMatchObject({ apiVersion: 'v2', name: 'ops-console', appVersion: pkg.version });
    expect((values.image as Obj).repository).toBe('ops-console');
  });
});

describe('the Dockerfile the chart refers to', () => {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

  it('copies paths that exist or that its build makes, runs as a non-root user and starts the gateway as start:only does', () => {
    const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => ({ image: m[1], name: m[2] }));
    expect(stages.map((stage) => stage.image)).toEqual(['node:20-bookworm-slim', 'node:20-bookworm-slim']);
    const [build, runtime] = dockerfile.split(/^FROM\s+.*$/m).slice(1);
    expect(build).toMatch(/npm ci\b[^\n]*\\\n\s*&& npm run build\b[^\n]*\\\n\s*&& npm prune --omit=dev/);
    // What the build stage copies from the context, and what the runtime copies from the build stage.
    const fromContext = [...build.matchAll(/^COPY\s+(?!--from)(.+)$/gm)].flatMap((m) => m[1].trim().split(/\s+/).slice(0, -1));
    expect(fromContext.length).toBeGreaterThan(0);
    const fromBuild = [...runtime.matchAll(/^COPY\s+--from=\S+\s+(.+)$/gm)].flatMap((m) => m[1].trim().split(/\s+/).slice(0, -1));
    const BUILT = ['node_modules', 'gateway/dist', 'web/dist'];
    for (const source of [...fromContext, ...fromBuild.map((p) => path.relative('/app', p))]) {
      expect({ source, there: BUILT.includes(source) || fs.existsSync(path.join(ROOT, source)) }).toEqual({ source, there: true });
    }
    // The runtime has what the gateway reads besides its code: docs, demo, the charts (HELM_DIR), the SPA.
    expect(fromBuild.map((p) => path.relative('/app', p))).toEqual(expect.arrayContaining([...BUILT, 'docs', 'demo', 'helm']));
    expect(runtime).toMatch(/^USER\s+(?!root\b|0\b)\S+/m);
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(runtime)?.[1];
    expect(cmd && (JSON.parse(cmd) as string[]).join(' ')).toBe(pkg.scripts['start:only']);
    expect(runtime).toMatch(/^EXPOSE\s+8080\b/m);
    // The pod mounts the data dir at /app/data and the gateway resolves its folders from the working directory.
    expect(runtime).toMatch(/^WORKDIR\s+\/app\s*$/m);
    // The build context keeps the sources: .dockerignore leaves out only installed, built and local files.
    const ignored = fs
      .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const needed of ['package-lock.json', 'tools', 'plugins', 'contracts', 'gateway', 'web', 'docs', 'demo', 'helm'])
      expect(ignored).not.toContain(needed);
  });
});
