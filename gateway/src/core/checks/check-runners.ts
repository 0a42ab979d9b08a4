import type { CheckRunner } from '@contracts';
import { createExtensionPoint } from '../plugin-host/extension-point';

/**
 * Check types. Each `plugins/check-<type>` contributes one runner per type id it serves:
 * `@Extension(CHECK_RUNNERS, 'http')`. The health plugin reads them to validate, schedule and run checks; the ids
 * are the list of check types (no other list exists).
 */
export const CHECK_RUNNERS = createExtensionPoint<CheckRunner>({ id: 'checks', description: 'check types: one runner per check type id' });
