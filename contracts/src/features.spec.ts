import { featureStates, isFeatureEnabled } from './features';

describe('feature flags (spec 01 §6)', () => {
  it('disables a feature only when {feature}.disable is exactly true', () => {
    expect(isFeatureEnabled([{ name: 'incidents.disable', value: 'true' }], 'incidents')).toBe(false);
    expect(isFeatureEnabled([{ name: 'incidents.disable', value: 'TRUE ' }], 'incidents')).toBe(false);
    expect(isFeatureEnabled([{ name: 'incidents.disable', value: 'false' }], 'incidents')).toBe(true);
    expect(isFeatureEnabled([{ name: 'incidents.disabled', value: 'true' }], 'incidents')).toBe(true);
    expect(isFeatureEnabled([], 'incidents')).toBe(true);
  });

  it('inherits config_scraper from config, topology from topology, health and job_history from health', () => {
    const states = featureStates([
      { name: 'config.disable', value: 'true' },
      { name: 'health.disable', value: 'true' },
    ]);
    expect(states['settings.config_scraper']).toBe(false);
    expect(states['settings.health']).toBe(false);
    expect(states['settings.job_history']).toBe(false);
    expect(states['settings.topology']).toBe(true);
    expect(states['settings.connections']).toBe(true);
    expect(featureStates([{ name: 'topology.disable', value: 'true' }])['settings.topology']).toBe(false);
  });

  it('hides log backends when logs are disabled', () => {
    expect(isFeatureEnabled([{ name: 'logs.disable', value: 'true' }], 'settings.logging_backends')).toBe(false);
  });

  it('lets a settings feature be disabled on its own while the parent stays on', () => {
    const states = featureStates([{ name: 'settings.health.disable', value: 'true' }]);
    expect(states['settings.health']).toBe(false);
    expect(states.health).toBe(true);
  });
});
