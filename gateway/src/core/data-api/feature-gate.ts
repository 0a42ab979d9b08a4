import type { Feature } from '@contracts';

/**
 * How the data API asks whether a feature is switched on. The app provides the real implementation
 * (properties `{feature}.disable`, with the inheritance of contracts' FEATURE_PARENT) under this token in a
 * global module. It is called on every request that touches a feature-gated resource, so it should answer
 * from a cache.
 */
export interface FeatureGate {
  /** A boolean when the answer is at hand (the usual case), else a promise of it. */
  isEnabled(feature: Feature): boolean | Promise<boolean>;
}

export const FEATURE_GATE = Symbol('FEATURE_GATE');
