import { Injectable } from '@nestjs/common';
import { CHECK_TYPE_NOT_SUPPORTED, type CheckResult, type CheckRunner } from '@contracts';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { PLACEHOLDER_CHECK_TYPES } from '../placeholder-check-types';

/**
 * Runner for the spec 03 check types that no plugin runs yet (plugins/health/placeholder-check-types.ts, shared with
 * the editor): canary files holding them load and save, and each run reports the check invalid with 'check type not
 * supported', which does not count against uptime. Registered as fallbacks: a plugin folder that brings a real
 * runner for one of the ids replaces it, with nothing edited here.
 */
@Injectable()
export class PlaceholderCheckRunner implements CheckRunner {
  readonly type = 'placeholder';

  validate(): string[] {
    return [];
  }

  async run(): Promise<CheckResult> {
    return { pass: false, invalid: true, duration: 0, message: CHECK_TYPE_NOT_SUPPORTED, error: CHECK_TYPE_NOT_SUPPORTED, details: {} };
  }
}

for (const { id } of PLACEHOLDER_CHECK_TYPES) Extension(CHECK_RUNNERS, id, { fallback: true })(PlaceholderCheckRunner);
