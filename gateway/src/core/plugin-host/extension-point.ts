import 'reflect-metadata';

/**
 * Gateway extension points. A point is a typed reference made once by the module that consumes it
 * (`createExtensionPoint<CheckRunner>({ id: 'checks', ... })`) and exported from that module's public surface.
 * Providers contribute with `@Extension(POINT, id)`; the compiler refuses a class whose instances are not a `T`.
 * The `PluginHost` collects contributions at bootstrap (Nest's DiscoveryService), fails on a repeated id within a
 * point naming both classes, and hands the consumer a typed list: `host.get(POINT)`, `host.find(POINT, id)`.
 *
 * Points that other plugins contribute to live in core (gateway/src/core/<area>), because a plugin never imports
 * another plugin: checks (core/checks), responders (core/responders), connection tests (core/connections),
 * data-API resources (core/data-api).
 */
export interface ExtensionPoint<T> {
  readonly id: string;
  /** One line for the plugin guide and for errors. */
  readonly description: string;
  /** Type-level only: ties the reference to its contribution type. */
  readonly __contribution?: (value: T) => T;
}

export function createExtensionPoint<T>(options: { id: string; description: string }): ExtensionPoint<T> {
  return Object.freeze({ id: options.id, description: options.description });
}

export const EXTENSION_KEY = 'console:extensions';

export interface ExtensionMeta {
  point: string;
  id: string;
  /** Stands in until another plugin contributes the same id, which then replaces it silently. */
  fallback?: boolean;
}

/**
 * Marks a provider class as the contribution `id` to `point`. A class may contribute to several points (or the same
 * point under several ids) with several decorators. `fallback`: the contribution stands in for an id until a plugin
 * brings the real one (health's placeholders for the spec's check types that nothing runs yet), so adding that
 * plugin is still adding its folder.
 */
export function Extension<T>(point: ExtensionPoint<T>, id: string, options: { fallback?: boolean } = {}) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest providers take any constructor arguments
  return <C extends abstract new (...args: any[]) => T>(target: C): void => {
    const metas: ExtensionMeta[] = Reflect.getOwnMetadata(EXTENSION_KEY, target) ?? [];
    const meta: ExtensionMeta = options.fallback ? { point: point.id, id, fallback: true } : { point: point.id, id };
    Reflect.defineMetadata(EXTENSION_KEY, [...metas, meta], target);
  };
}

/** What a class contributes, in declaration order. */
export function extensionsOf(target: object): readonly ExtensionMeta[] {
  return (Reflect.getOwnMetadata(EXTENSION_KEY, target) as ExtensionMeta[] | undefined)?.slice().reverse() ?? [];
}

export class DuplicateExtensionError extends Error {
  constructor(point: string, id: string, firstOwner: string, secondOwner: string) {
    super(`Duplicate id '${id}' on extension point '${point}': contributed by both ${firstOwner} and ${secondOwner}`);
  }
}

export interface Contribution<T = unknown> {
  point: string;
  id: string;
  owner: string;
  instance: T;
  fallback?: boolean;
}

/**
 * Groups contributions by point, failing loudly on a repeated id within a point; a fallback gives way to the one
 * real contribution of its id (two real ones, or two fallbacks, are still a duplicate).
 */
export function indexContributions(contributions: readonly Contribution[]): Map<string, Map<string, Contribution>> {
  const byPoint = new Map<string, Map<string, Contribution>>();
  for (const c of contributions) {
    const ids = byPoint.get(c.point) ?? new Map<string, Contribution>();
    const existing = ids.get(c.id);
    if (existing && !!existing.fallback === !!c.fallback) throw new DuplicateExtensionError(c.point, c.id, existing.owner, c.owner);
    if (!existing || existing.fallback) ids.set(c.id, c);
    byPoint.set(c.point, ids);
  }
  return byPoint;
}
