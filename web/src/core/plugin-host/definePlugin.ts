import type { WebPlugin } from './types';

/** Identity helper so a plugin's `web/index.tsx` is type-checked against the host contract. */
export function definePlugin(plugin: WebPlugin): WebPlugin {
  return plugin;
}
