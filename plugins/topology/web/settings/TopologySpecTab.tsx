import type { TopologyDocument } from '@contracts';
import type { SettingsEditorProps } from '@web/core/settings/types';
import { TopologyEditor } from './TopologyEditor';

/** The spec tab of core's settings detail page for `topologies` (read from `GET /api/topologies/{id}`: the document and its text). */
export default function TopologySpecTab({ resource, canWrite, listPath }: SettingsEditorProps) {
  return <TopologyEditor topology={resource as unknown as TopologyDocument | null} canWrite={canWrite} listPath={listPath} />;
}
