import { type ComponentStatus, TOPOLOGY_SORT_FIELDS, normaliseStatus, statusRank } from '@contracts';
import type { TopologyComponent } from '../topologyApi';

export type SortOrder = 'asc' | 'desc';

export interface SortChoice {
  value: string;
  label: string;
}

/** The fixed sort fields and their names on screen (spec 02: status is shown as 'Health'). */
export const SORT_FIELD_LABELS: Record<(typeof TOPOLOGY_SORT_FIELDS)[number], string> = {
  status: 'Health',
  name: 'Name',
  type: 'Type',
  updated_at: 'Last Updated',
};

/** A component's status; a component without one (an older row) falls back to its health word. */
export function componentStatus(component: Pick<TopologyComponent, 'status' | 'health'>): ComponentStatus {
  if (component.status) return component.status;
  return component.health ? normaliseStatus(component.health) : 'unknown';
}

/** The names of the headline properties of these components, in first-seen order: sortable fields too. */
export function headlinePropertyNames(components: readonly TopologyComponent[]): string[] {
  const names = new Set<string>();
  for (const component of components) {
    for (const property of component.properties ?? []) {
      if (property.headline && property.name) names.add(property.name);
    }
  }
  return [...names];
}

/** The sort choices: Health, Name, Type, Last Updated, then the headline properties present (and the current one). */
export function sortChoices(components: readonly TopologyComponent[], current: string): SortChoice[] {
  const fixed: SortChoice[] = TOPOLOGY_SORT_FIELDS.map((value) => ({ value, label: SORT_FIELD_LABELS[value] }));
  const properties = headlinePropertyNames(components)
    .filter((name) => !(TOPOLOGY_SORT_FIELDS as readonly string[]).includes(name))
    .map((name) => ({ value: name, label: name }));
  const choices = [...fixed, ...properties];
  // A shared link may name a property these cards do not have: keep it shown rather than silently switching.
  return current && !choices.some((choice) => choice.value === current) ? [...choices, { value: current, label: current }] : choices;
}

type SortValue = string | number | undefined;

function sortValue(component: TopologyComponent, sortBy: string): SortValue {
  switch (sortBy) {
    case 'status':
      return undefined;
    case 'name':
      return (component.name ?? '').toLowerCase();
    case 'type':
      return component.type ? component.type.toLowerCase() : undefined;
    case 'updated_at': {
      const time = component.updated_at ? new Date(component.updated_at).getTime() : NaN;
      return Number.isFinite(time) ? time : undefined;
    }
    default: {
      const property = (component.properties ?? []).find((p) => p.name === sortBy);
      if (!property) return undefined;
      if (typeof property.value === 'number' && Number.isFinite(property.value)) return property.value;
      return property.text ? property.text.toLowerCase() : undefined;
    }
  }
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/**
 * The order of the cards (spec 02 §4): by health first, unhealthy, warning, healthy, info, unknown; within the same
 * health by the chosen field in the chosen direction (a card without a value for it last, either way), then by name.
 * The health order is not reversed by the direction: unhealthy cards always lead.
 */
export function orderComponents(components: readonly TopologyComponent[], sortBy: string, sortOrder: SortOrder): TopologyComponent[] {
  const direction = sortOrder === 'desc' ? -1 : 1;
  return [...components].sort((a, b) => {
    const byHealth = statusRank(componentStatus(a)) - statusRank(componentStatus(b));
    if (byHealth !== 0) return byHealth;
    const va = sortValue(a, sortBy);
    const vb = sortValue(b, sortBy);
    if (va !== undefined && vb === undefined) return -1;
    if (va === undefined && vb !== undefined) return 1;
    if (va !== undefined && vb !== undefined) {
      const byField = compareValues(va, vb) * direction;
      if (byField !== 0) return byField;
    }
    return (a.name ?? '').localeCompare(b.name ?? '');
  });
}
