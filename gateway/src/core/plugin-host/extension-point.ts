import { SetMetadata } from '@nestjs/common';

/**
 * A gateway extension point is a named slot that providers contribute to with a class decorator.
 * The host collects contributions with Nest's DiscoveryService at bootstrap (register phase), checks ids,
 * then hands each point its list (init phase). Adding a type never edits a central switch.
 */
export const EXTENSION_KEY = 'console:extension';

export interface ExtensionMeta {
  point: string;
  id: string;
}

/** Marks a provider as the contribution `id` to extension point `point`. */
export const Extension = (point: string, id: string) => SetMetadata(EXTENSION_KEY, { point, id } satisfies ExtensionMeta);

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
}

/** Groups contributions by point, failing loudly on a repeated id within a point. */
export function indexContributions(contributions: readonly Contribution[]): Map<string, Map<string, Contribution>> {
  const byPoint = new Map<string, Map<string, Contribution>>();
  for (const c of contributions) {
    const ids = byPoint.get(c.point) ?? new Map<string, Contribution>();
    const existing = ids.get(c.id);
    if (existing) throw new DuplicateExtensionError(c.point, c.id, existing.owner, c.owner);
    ids.set(c.id, c);
    byPoint.set(c.point, ids);
  }
  return byPoint;
}
