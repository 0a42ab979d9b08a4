import type { JSX } from 'react';
import type { TopologyComponent } from '@contracts';

/** The ⋯ menu of a topology card and of the side panel (spec 02 card menu). */
export function ComponentMenu(props: { component: TopologyComponent; placement: 'card' | 'panel'; onZoomIn?: () => void }): JSX.Element {
  void props;
  return <></>;
}
