import { pathIds, type TopologyComponent, type TopologyResponse } from '../topologyApi';

export const MULTIPLE_COMPONENTS_MESSAGE = 'Response has multiple components for the id.';

export interface GridScope {
  /** The cards to draw. */
  cards: TopologyComponent[];
  /** With an id: that component, as the answer has it (absent from a flat answer's list). */
  component?: TopologyComponent;
  /** With an id: its ancestors' ids, root first. */
  ancestors: string[];
  /** The answer had more than one component for the id. */
  multiple: boolean;
}

/**
 * What a `GET /api/topology` answer puts on the grid. Without an id: the root components. With one: the component's
 * children, or the component itself when it has none. A flat answer (a type filter) lists the whole scope below the
 * id; its ancestors are then read off the path of a card (which runs through the id).
 */
export function gridScope(answer: TopologyResponse | undefined, id: string | undefined, flat: boolean): GridScope {
  const components = answer?.components ?? [];
  if (!id) return { cards: components, ancestors: [], multiple: false };
  if (flat) {
    const component = components.find((c) => c.id === id);
    const cards = components.filter((c) => c.id !== id);
    let ancestors = component ? pathIds(component) : [];
    if (!component) {
      const through = cards.map(pathIds).find((ids) => ids.includes(id));
      ancestors = through ? through.slice(0, through.indexOf(id)) : [];
    }
    return { cards, component, ancestors, multiple: false };
  }
  const component = components[0];
  const children = component?.components ?? [];
  return {
    cards: children.length ? children : component ? [component] : [],
    component,
    ancestors: pathIds(component),
    multiple: components.length > 1,
  };
}
