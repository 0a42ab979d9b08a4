import type { PluginManifest } from '@contracts';

/** Responder type `person` (spec 01 §3): notifies the chosen person by email. */
export const manifest: PluginManifest = { id: 'responder-person', title: 'Person responder' };

export default manifest;
