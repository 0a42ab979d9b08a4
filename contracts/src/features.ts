/**
 * Feature flags (spec 01 §6, spec 03 §6): a property `{feature}.disable` with value 'true' disables a feature.
 * Some settings features inherit the state of a top-level feature.
 */
export const FEATURES = ['topology', 'health', 'incidents', 'config', 'logs', 'playbooks', 'agents'] as const;

export const SETTINGS_FEATURES = [
  'settings.connections',
  'settings.users',
  'settings.teams',
  'settings.rules',
  'settings.config_scraper',
  'settings.topology',
  'settings.health',
  'settings.job_history',
  'settings.feature_flags',
  'settings.logging_backends',
  'settings.event_queue_status',
  'settings.organization_profile',
  'settings.notifications',
  'settings.playbooks',
  'settings.integrations',
] as const;

export type TopFeature = (typeof FEATURES)[number];
export type SettingsFeature = (typeof SETTINGS_FEATURES)[number];
export type Feature = TopFeature | SettingsFeature;

export const ALL_FEATURES: readonly Feature[] = [...FEATURES, ...SETTINGS_FEATURES];

/** A settings feature is also disabled when its parent is (spec 01 §6; "the logs feature hides Log Backends"). */
export const FEATURE_PARENT: Partial<Record<Feature, TopFeature>> = {
  'settings.config_scraper': 'config',
  'settings.topology': 'topology',
  'settings.health': 'health',
  'settings.job_history': 'health',
  'settings.logging_backends': 'logs',
};

export const DISABLE_SUFFIX = '.disable';

export function isFeature(value: unknown): value is Feature {
  return typeof value === 'string' && (ALL_FEATURES as readonly string[]).includes(value);
}

export interface PropertyLike {
  name: string;
  value: string | null;
}

/** Names of features switched off directly by properties (before inheritance). */
function directlyDisabled(properties: readonly PropertyLike[]): Set<string> {
  const off = new Set<string>();
  for (const p of properties) {
    if (p.name.endsWith(DISABLE_SUFFIX) && String(p.value).trim().toLowerCase() === 'true') {
      off.add(p.name.slice(0, -DISABLE_SUFFIX.length));
    }
  }
  return off;
}

export function isFeatureEnabled(properties: readonly PropertyLike[], feature: Feature): boolean {
  const off = directlyDisabled(properties);
  if (off.has(feature)) return false;
  const parent = FEATURE_PARENT[feature];
  return parent ? !off.has(parent) : true;
}

export type FeatureStates = Record<Feature, boolean>;

export function featureStates(properties: readonly PropertyLike[]): FeatureStates {
  const states = {} as FeatureStates;
  for (const f of ALL_FEATURES) states[f] = isFeatureEnabled(properties, f);
  return states;
}
