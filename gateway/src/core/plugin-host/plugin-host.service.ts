import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { PluginManifest } from '@contracts';
import { type Contribution, type ExtensionPoint, extensionsOf, indexContributions } from './extension-point';

export class PluginManifestError extends Error {}

/** Checks the manifests of the gateway's plugin list: unique ids, dependencies present. */
export function validateManifests(manifests: readonly PluginManifest[]): void {
  const seen = new Map<string, number>();
  manifests.forEach((m, i) => {
    if (seen.has(m.id)) {
      throw new PluginManifestError(`Duplicate plugin id '${m.id}' at positions ${seen.get(m.id)} and ${i} of the plugin registry`);
    }
    seen.set(m.id, i);
  });
  for (const m of manifests) {
    for (const dep of m.dependsOn ?? []) {
      if (!seen.has(dep)) throw new PluginManifestError(`Plugin '${m.id}' depends on '${dep}', which is not a folder under plugins/`);
    }
  }
}

@Injectable()
export class PluginHost implements OnModuleInit {
  private points = new Map<string, Map<string, Contribution>>();

  constructor(private readonly discovery: DiscoveryService) {}

  /** Checks the registry's manifests (unique ids, dependencies present) before the app serves. */
  setManifests(manifests: readonly PluginManifest[]): void {
    validateManifests(manifests);
  }

  onModuleInit(): void {
    const contributions: Contribution[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const { metatype, instance } = wrapper;
      if (!metatype || !instance || typeof metatype !== 'function') continue;
      for (const meta of extensionsOf(metatype))
        contributions.push({ point: meta.point, id: meta.id, owner: metatype.name, instance, fallback: meta.fallback });
    }
    this.points = indexContributions(contributions);
  }

  /** Every contribution to `point`, in registration order. */
  get<T>(point: ExtensionPoint<T>): T[] {
    return [...(this.points.get(point.id)?.values() ?? [])].map((c) => c.instance as T);
  }

  /** The contribution `id` to `point`, if any. */
  find<T>(point: ExtensionPoint<T>, id: string): T | undefined {
    return this.points.get(point.id)?.get(id)?.instance as T | undefined;
  }

  /** The ids contributed to `point`, in registration order (the type lists: check types, responder types...). */
  ids<T>(point: ExtensionPoint<T>): string[] {
    return [...(this.points.get(point.id)?.keys() ?? [])];
  }

  /** Every contribution to `point` with its id and owner (the data API names owners in its errors). */
  contributions<T>(point: ExtensionPoint<T>): readonly Contribution<T>[] {
    return [...(this.points.get(point.id)?.values() ?? [])] as Contribution<T>[];
  }
}
