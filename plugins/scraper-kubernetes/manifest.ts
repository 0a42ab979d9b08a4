import type { PluginManifest } from '@contracts';

/** Scraper type `kubernetes` (issue 11): the common kinds of a cluster as catalogue items, Events as their changes. */
const manifest: PluginManifest = { id: 'scraper-kubernetes', title: 'Kubernetes scraper', feature: 'config', resources: ['config_scrapers'] };

export default manifest;
