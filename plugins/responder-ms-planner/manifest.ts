import type { PluginManifest } from '@contracts';

/** Responder type `ms_planner` (spec 01 §3): creates a Planner task through Microsoft Graph. */
export const manifest: PluginManifest = { id: 'responder-ms-planner', title: 'Microsoft Planner responder' };

export default manifest;
