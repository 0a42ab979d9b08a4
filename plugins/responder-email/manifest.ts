import type { PluginManifest } from '@contracts';

/** Responder type `email` (spec 01 §3): sends a real message through an smtp connection. */
export const manifest: PluginManifest = { id: 'responder-email', title: 'Email responder' };

export default manifest;
