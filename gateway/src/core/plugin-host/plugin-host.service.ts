import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { PluginManifest } from '@contracts';
import { Contribution, EXTENSION_KEY, ExtensionMeta, indexContributions } from './extension-point';

export class PluginManifestError extends Error {}

/** Checks the manifests of the gateway's plugin list: unique ids, dependencies present. */
export function validateManifests(manifests: readonly PluginManifest[]): void {
  const seen = new Map<string, number>();
  manifests.forEach((m, i) => {
    if (seen.has(m.id)) {
      throw new PluginManifestError(`Duplicate plugin id '${m.id}' at positions ${seen.get(m.id)} and ${i} of gateway/src/plugins.ts`);
    }
    seen.set(m.id, i);
  });
  for (const m of manifests) {
    for (const dep of m.dependsOn ?? []) {
      if (!seen.has(dep)) throw new PluginManifestError(`Plugin '${m.id}' depends on '${dep}', which is not in the plugin list`);
    }
  }
}

@Injectable()
export class PluginHost implements OnModuleInit {
  private points = new Map<string, Map<string, Contribution>>();
  private manifests: readonly PluginManifest[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  setManifests(manifests: readonly PluginManifest[]): void {
    validateManifests(manifests);
    this.manifests = manifests;
  }

  onModuleInit(): void {
    const contributions: Contribution[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const { metatype, instance } = wrapper;
      if (!metatype || !instance || typeof metatype !== 'function') continue;
      const meta = this.reflector.get<ExtensionMeta | undefined>(EXTENSION_KEY, metatype);
      if (meta) contributions.push({ point: meta.point, id: meta.id, owner: metatype.name, instance });
    }
    this.points = indexContributions(contributions);
  }

  /** Every contribution to `point`, in registration order. */
  get<T>(point: string): T[] {
    return [...(this.points.get(point)?.values() ?? [])].map((c) => c.instance as T);
  }

  find<T>(point: string, id: string): T | undefined {
    return this.points.get(point)?.get(id)?.instance as T | undefined;
  }

  plugins(): readonly PluginManifest[] {
    return this.manifests;
  }
}
