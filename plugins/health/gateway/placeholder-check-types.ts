import { Injectable } from '@nestjs/common';
import { CHECK_TYPE_NOT_SUPPORTED, type CheckResult, type CheckRunner } from '@contracts';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/**
 * The spec 03 check types that no plugin runs yet. Canary files holding them load and save (the editor offers them
 * too: plugins/health/web/checkTypes.ts); each run reports the check invalid with 'check type not supported', which
 * does not count against uptime. These are fallbacks: a plugin folder that brings a real runner for one of the ids
 * replaces it, with nothing edited here.
 */
export const PLACEHOLDER_CHECK_TYPES = [
  'awsconfigrule', 'awsconfig', 'github', 'ec2', 'ldap', 'pod', 'cloudwatch', 'gcs', 's3', 'smb', 'sftp', 'kubernetes',
  'sql', 'azuredevops', 'jmeter', 'dynatrace', 'namespace',
] as const;

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

for (const id of PLACEHOLDER_CHECK_TYPES) Extension(CHECK_RUNNERS, id, { fallback: true })(PlaceholderCheckRunner);
