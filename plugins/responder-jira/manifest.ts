import type { PluginManifest } from '@contracts';

/** Responder type `jira` (spec 01 §3): creates an issue through Jira's REST API. */
export const manifest: PluginManifest = { id: 'responder-jira', title: 'Jira responder' };

export default manifest;
