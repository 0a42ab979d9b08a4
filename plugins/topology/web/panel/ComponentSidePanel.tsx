import type { JSX } from 'react';
import type { TopologyComponent } from '@contracts';

/** The side panel of a topology component (spec 02 Topology side panel). */
export function ComponentSidePanel(props: { componentId: string; component?: TopologyComponent }): JSX.Element {
  void props;
  return <></>;
}
