import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'incidents',
  title: 'Incidents',
  feature: 'incidents',
  resources: ['incident', 'evidences', 'comments', 'responder'],
};

export default manifest;
