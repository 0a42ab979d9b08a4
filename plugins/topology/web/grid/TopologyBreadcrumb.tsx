import { Breadcrumb, type BreadcrumbEntry } from '@web/core/components/Breadcrumb';
import { TOPOLOGY_PATH, componentPath, useComponentNames } from '../topologyApi';

export const DASHBOARD_LABEL = 'Dashboard';

/**
 * The breadcrumb of /topology (spec 02): 'Dashboard' (the root grid), then the component's ancestors along its
 * `path`, then the component. Names come from the data API (an id whose name is not known yet is shown as it is).
 */
export function TopologyBreadcrumb({ id, ancestors, name }: { id?: string; ancestors: readonly string[]; name?: string }) {
  const ids = id ? [...ancestors, ...(name ? [] : [id])] : [];
  const { data } = useComponentNames(ids);
  const names = new Map((data ?? []).map((row) => [row.id, row.name]));
  const items: BreadcrumbEntry[] = [{ label: DASHBOARD_LABEL, to: TOPOLOGY_PATH }];
  if (id) {
    for (const ancestor of ancestors) items.push({ label: names.get(ancestor) ?? ancestor, to: componentPath(ancestor) });
    items.push({ label: name ?? names.get(id) ?? id });
  }
  return <Breadcrumb items={items} />;
}
