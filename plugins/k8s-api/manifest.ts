import type { PluginManifest } from '@contracts';

/** kubectl against the console (issue 16): the console's resources as Kubernetes kinds on /api/k8s. */
const manifest: PluginManifest = {
  id: 'k8s-api',
  title: 'Kubernetes API (kubectl)',
  resources: ['canaries', 'topologies', 'config_scrapers', 'playbooks'],
};

export default manifest;
