/**
 * The one list of web plugins: the only place the app knows which plugins exist.
 * Adding a plugin's web side = one import and one entry here.
 */
import type { WebPlugin } from '@web/core/plugin-host';
import featureFlags from '../../plugins/feature-flags/web';
import profile from '../../plugins/profile/web';
import incidents from '../../plugins/incidents/web';

export const webPlugins: readonly WebPlugin[] = [featureFlags, profile, incidents];
