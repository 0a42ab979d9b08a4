import { setMaxListeners } from 'node:events';
import { Injectable, Logger } from '@nestjs/common';
import type { ScrapeContext, ScrapeOutput, ScraperSpec, ScraperType } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { isConnectionRef } from '@gateway/core/checks/runner-kit';
import { SCRAPER_TYPES } from '@gateway/core/scrapers/scraper-types';
import { connect, listKind, streamKind, type Cluster, type K8sObject, type WatchEventType } from './client';
import { EVENT_KIND, type KindDef } from './kinds';
import { analysisOf, ClusterIndex, eventToChange, isExcluded, optionsOf, toConfig, type KubernetesOptions } from './transform';

/** Pause before reopening a watch the server closed, doubled while streams keep ending at once (at most 30 s). */
const RECONNECT_MS = 250;
const MAX_RECONNECT_MS = 30_000;

const isStringList = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Where each kind is listed: once over the cluster, or once per chosen namespace. */
function scopesOf(def: KindDef, options: KubernetesOptions): (string | null)[] {
  return def.namespaced && options.namespaces.length ? options.namespaces : [null];
}

/**
 * Scraper type `kubernetes` (issue 11, the format of config-db's `spec.kubernetes[]`): lists the common kinds through
 * `@kubernetes/client-node` and turns them into `Kubernetes::<Kind>` items with health, parents and relationships;
 * core/v1 Events become changes; crash-looping and failing pods and unavailable deployments become insights. Between
 * scrapes it watches the same kinds and Events.
 */
@Injectable()
@Extension(SCRAPER_TYPES, 'kubernetes')
export class KubernetesScraper implements ScraperType {
  readonly type = 'kubernetes';
  private readonly log = new Logger('KubernetesScraper');

  validate(spec: ScraperSpec): string[] {
    const errors: string[] = [];
    if (typeof spec.clusterName !== 'string' || !spec.clusterName.trim()) errors.push('clusterName: required');
    if (spec.namespace !== undefined && typeof spec.namespace !== 'string') errors.push('namespace: must be a string');
    if (spec.namespaces !== undefined && !isStringList(spec.namespaces)) errors.push('namespaces: must be a list of strings');
    for (const field of ['kubeconfig', 'connection'] as const) {
      const v = spec[field];
      if (v === undefined || v === null || typeof v === 'string') continue;
      if (typeof v !== 'object' || Array.isArray(v) || !('value' in v || 'valueFrom' in v))
        errors.push(`${field}: must be a value, {value}, {valueFrom} or a connection:// reference`);
    }
    if (typeof spec.connection === 'string' && spec.connection && !isConnectionRef(spec.connection))
      errors.push('connection: must be a connection:// reference');
    for (const field of ['selector', 'fieldSelector', 'context'] as const) {
      if (spec[field] !== undefined && typeof spec[field] !== 'string') errors.push(`${field}: must be a string`);
    }
    const ex = spec.exclusions;
    if (ex !== undefined && ex !== null && !isStringList(ex)) {
      if (typeof ex !== 'object' || Array.isArray(ex)) errors.push('exclusions: must be {name, kind, namespace, labels} or a list of names');
      else {
        for (const key of ['name', 'kind', 'namespace'] as const) {
          const v = (ex as Record<string, unknown>)[key];
          if (v !== undefined && !isStringList(v)) errors.push(`exclusions.${key}: must be a list of strings`);
        }
        const labels = (ex as Record<string, unknown>).labels;
        if (labels !== undefined && (typeof labels !== 'object' || labels === null || Array.isArray(labels))) errors.push('exclusions.labels: must be a map');
      }
    }
    if (spec.watch !== undefined) {
      if (!Array.isArray(spec.watch)) errors.push('watch: must be a list of {apiVersion, kind}');
      else
        spec.watch.forEach((w, i) => {
          const kind = typeof w === 'string' ? w : (w as { kind?: unknown })?.kind;
          if (typeof kind !== 'string' || !kind) errors.push(`watch[${i}].kind: required`);
        });
    }
    if (spec.pageSize !== undefined && !(Number.isInteger(spec.pageSize) && (spec.pageSize as number) > 0)) errors.push('pageSize: must be an integer > 0');
    return errors;
  }

  async scrape(spec: ScraperSpec, ctx: ScrapeContext): Promise<ScrapeOutput> {
    const options = optionsOf(spec);
    const cluster = await connect(spec, ctx);
    const objects: K8sObject[] = [];
    const errors: string[] = [];
    for (const def of options.kinds) {
      for (const namespace of scopesOf(def, options)) {
        try {
          const { items } = await listKind(cluster, def, { namespace, ...this.selectors(def, options), pageSize: options.pageSize }, ctx.signal);
          objects.push(...items.filter((o) => !isExcluded(o, options) && this.inNamespaces(o, options)));
        } catch (err) {
          if (ctx.signal.aborted) throw err;
          // One kind the credentials may not list (403) does not lose the others; the engine then keeps stale items.
          errors.push(`${def.kind}${namespace ? ` in ${namespace}` : ''}: ${describe(err)}`);
        }
      }
    }
    if (errors.length && !objects.length) throw new Error(errors.join('; '));
    const index = new ClusterIndex();
    for (const o of objects) index.add(o);
    const events: K8sObject[] = [];
    for (const namespace of scopesOf(EVENT_KIND, options)) {
      try {
        events.push(...(await listKind(cluster, EVENT_KIND, { namespace, pageSize: options.pageSize }, ctx.signal)).items);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        errors.push(`Event${namespace ? ` in ${namespace}` : ''}: ${describe(err)}`);
      }
    }
    const known = new Set(objects.map((o) => o.metadata.uid));
    return {
      configs: objects.map((o) => toConfig(o, options, index)),
      changes: events.map((e) => eventToChange(e, options)).filter((c): c is NonNullable<typeof c> => !!c && known.has(c.on.externalId)),
      analysis: objects.flatMap(analysisOf),
      errors,
    };
  }

  /**
   * Lists every watched kind (for its resourceVersion and the relationship index), then keeps one watch stream per
   * kind and namespace: ADDED / MODIFIED objects are emitted as items, DELETED ones with `deletedAt`, Events as
   * changes. A stream the server ends is reopened from its last resourceVersion; 410 Gone relists and emits the list.
   */
  async watch(spec: ScraperSpec, ctx: ScrapeContext, emit: (output: ScrapeOutput) => Promise<void>): Promise<void> {
    const options = optionsOf(spec);
    const cluster = await connect(spec, ctx);
    const index = new ClusterIndex();
    // Emits run one after another in arrival order; the first failure ends the watch.
    let queue = Promise.resolve();
    let failure: unknown = null;
    const stop = new AbortController();
    const signal = AbortSignal.any([ctx.signal, stop.signal]);
    const send = (output: ScrapeOutput) => {
      queue = queue
        .then(() => (failure ? undefined : emit(output)))
        .catch((err) => {
          failure ??= err;
          stop.abort();
        });
    };
    const onObject = (type: WatchEventType, obj: K8sObject) => {
      if (isExcluded(obj, options) || !this.inNamespaces(obj, options)) return;
      if (type === 'DELETED') {
        const item = toConfig(obj, options, index);
        index.remove(obj);
        send({ configs: [{ ...item, deletedAt: obj.metadata.deletionTimestamp ?? new Date().toISOString() }] });
        return;
      }
      index.add(obj);
      send({ configs: [toConfig(obj, options, index)], analysis: analysisOf(obj) });
    };
    const onEvent = (type: WatchEventType, obj: K8sObject) => {
      if (type === 'DELETED') return;
      const change = eventToChange(obj, options);
      if (change) send({ configs: [], changes: [change] });
    };
    const watchers: Promise<void>[] = [];
    // A stream may fail while later kinds are still being listed, before Promise.all below listens: marked handled
    // at once, or Node's unhandled rejection would end the gateway's process.
    let streamFailure: unknown = null;
    const started = (watcher: Promise<void>) => {
      watcher.catch((err) => {
        streamFailure ??= err;
        stop.abort();
      });
      watchers.push(watcher);
    };
    // Namespaces and nodes first: parents and Pod → Node relationships of what the streams emit resolve against them.
    const ordered = [...new Set([...options.kinds.filter((k) => !k.namespaced), ...options.watchKinds])];
    // Every stream (and its pause) listens on the signal at once: one per kind and namespace, not a leak.
    setMaxListeners(2 * (ordered.length + 1) * Math.max(1, options.namespaces.length) + 10, signal);
    try {
      for (const def of ordered) {
        const streamed = options.watchKinds.includes(def);
        for (const namespace of scopesOf(def, options)) {
          const first = await listKind(cluster, def, { namespace, ...this.selectors(def, options), pageSize: options.pageSize }, signal);
          for (const o of first.items) if (!isExcluded(o, options)) index.add(o);
          if (streamed) started(this.follow(cluster, def, namespace, first.resourceVersion, options, signal, onObject));
        }
      }
      for (const namespace of scopesOf(EVENT_KIND, options)) {
        const first = await listKind(cluster, EVENT_KIND, { namespace, pageSize: options.pageSize }, signal);
        started(this.follow(cluster, EVENT_KIND, namespace, first.resourceVersion, options, signal, onEvent));
      }
    } catch (err) {
      stop.abort();
      throw streamFailure ?? err;
    }
    try {
      await Promise.all(watchers);
    } catch (err) {
      stop.abort();
      if (!ctx.signal.aborted) throw err;
    }
    await queue;
    if (failure && !ctx.signal.aborted) throw failure;
  }

  /** One kind's stream, reopened until the signal aborts; relists on 410 Gone and emits what the list holds. */
  private async follow(
    cluster: Cluster,
    def: KindDef,
    namespace: string | null,
    from: string,
    options: KubernetesOptions,
    signal: AbortSignal,
    onEvent: (type: WatchEventType, obj: K8sObject) => void,
  ): Promise<void> {
    let resourceVersion = from;
    let pause = RECONNECT_MS;
    while (!signal.aborted) {
      const opened = Date.now();
      const end = await streamKind(
        cluster,
        def,
        { namespace, ...this.selectors(def, options), resourceVersion },
        signal,
        onEvent,
        (rv) => (resourceVersion = rv),
      );
      if (signal.aborted) return;
      if (end === 'gone') {
        this.log.debug(`${def.kind}: resourceVersion ${resourceVersion} expired, relisting`);
        const list = await listKind(cluster, def, { namespace, ...this.selectors(def, options), pageSize: options.pageSize }, signal);
        for (const o of list.items) onEvent('MODIFIED', o);
        resourceVersion = list.resourceVersion;
      }
      pause = Date.now() - opened > 5_000 ? RECONNECT_MS : Math.min(pause * 2, MAX_RECONNECT_MS);
      await sleep(pause, signal);
    }
  }

  private selectors(def: KindDef, options: KubernetesOptions): { labelSelector?: string; fieldSelector?: string } {
    return def === EVENT_KIND ? {} : { labelSelector: options.labelSelector, fieldSelector: options.fieldSelector };
  }

  /** With `namespace(s)` set, Namespace items are only the chosen ones (nodes are always the cluster's). */
  private inNamespaces(obj: K8sObject, options: KubernetesOptions): boolean {
    return obj.kind !== 'Namespace' || !options.namespaces.length || options.namespaces.includes(obj.metadata.name);
  }
}

function describe(err: unknown): string {
  const e = err as { code?: number; body?: unknown; message?: string };
  if (typeof e?.code === 'number') {
    const body = typeof e.body === 'string' ? safeJson(e.body) : e.body;
    const message = (body as { message?: string } | undefined)?.message;
    return `HTTP ${e.code}${message ? `: ${message}` : ''}`;
  }
  return e?.message ?? String(err);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
