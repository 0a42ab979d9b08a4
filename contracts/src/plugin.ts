import type { Feature } from './features';
import type { Resource } from './rbac';

/**
 * What every plugin declares about itself, in `plugins/<id>/manifest.ts`.
 * Read by the gateway's plugin host and the web's plugin host; no runtime dependencies.
 */
export interface PluginManifest {
  /** Unique, kebab-case; equals the folder name under plugins/. */
  id: string;
  title: string;
  /** The feature flag that switches the whole plugin off (its nav, routes and API). */
  feature?: Feature;
  /** RBAC resources the plugin's routes and data-API resources are guarded by. */
  resources?: readonly Resource[];
  /** Other plugins this one needs (by id); the hosts fail at start when one is missing. */
  dependsOn?: readonly string[];
}
