import type { PluginManifest } from '@contracts';

/**
 * Responder types without an integration yet (spec 01 §3): ca, aws_support, aws_ams_services_request, redhat,
 * oracle, vmware. Web forms only: with no gateway handler the incidents job reports 'no integration configured'.
 * Giving one a real integration = its own plugin folder with a handler (see plugins/responder-email/README.md),
 * then removing the type here.
 */
export const manifest: PluginManifest = { id: 'responder-basic', title: 'Responder types without an integration' };

export default manifest;
