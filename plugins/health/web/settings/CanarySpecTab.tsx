import type { SettingsEditorProps } from '@web/core/settings/types';
import type { CanaryDocument } from '../healthApi';
import { CanaryEditor } from './CanaryEditor';

/** The spec tab of `canaries` in core's settings detail page: the health check editor (read from `GET /api/canaries/{id}`). */
export default function CanarySpecTab({ resource, canWrite, listPath }: SettingsEditorProps) {
  return <CanaryEditor canary={resource as unknown as CanaryDocument | null} canWrite={canWrite} listPath={listPath} />;
}
