import type { PluginManifest } from '@contracts';

/** Responder type `service_now` (spec 01 §3): creates an incident through ServiceNow's Table API. */
export const manifest: PluginManifest = { id: 'responder-service-now', title: 'ServiceNow responder' };

export default manifest;
