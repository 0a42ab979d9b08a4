/** Test helpers of the card menu, snapshot and side panel (tests only). */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Feature, Role, TopologyComponent } from '@contracts';
import { PluginRegistry, PluginRegistryProvider, type IncidentLinkDialogProps, type PlaybookRunButtonProps, type WebPlugin } from '@web/core/plugin-host';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';

export { currentLocation } from '@web/core/testing/renderAt';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * core's renderAt with features switched off too: `element` at `/topology`, signed in with `roles`, `plugins`
 * registered; any address it navigates to shows for currentLocation().
 */
export function renderPanelUi(
  element: ReactNode,
  { roles = ['editor'], disabled = [], plugins = [] }: { roles?: Role[]; disabled?: Feature[]; plugins?: WebPlugin[] } = {},
) {
  return render(
    <MemoryRouter initialEntries={['/topology']}>
      <TestProviders responses={signedIn(roles, {}, disabled)}>
        <PluginRegistryProvider registry={new PluginRegistry(plugins)}>
          <Routes>
            <Route
              path="/topology"
              element={
                <>
                  {element}
                  <LocationProbe />
                </>
              }
            />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </PluginRegistryProvider>
      </TestProviders>
    </MemoryRouter>,
  );
}

/** The incidents plugin's link dialog as the registry sees it (feature incidents, write on incident), recording its props. */
export const incidentsPlugin = (received: IncidentLinkDialogProps[]): WebPlugin => ({
  manifest: { id: 'incidents', title: 'Incidents', feature: 'incidents' },
  register(ctx) {
    ctx.add('incident.linkDialog', {
      id: 'incidents',
      permission: { resource: 'incident', action: 'write' },
      load: async () => ({
        default: (props: IncidentLinkDialogProps) => {
          received.push(props);
          return <div role="dialog" aria-label="Link to incident stand-in" />;
        },
      }),
    });
  },
});

/** The playbooks plugin's run button as the registry sees it (feature playbooks, write on playbook_runs). */
export const playbooksPlugin = (received: PlaybookRunButtonProps[]): WebPlugin => ({
  manifest: { id: 'playbooks', title: 'Playbooks', feature: 'playbooks' },
  register(ctx) {
    ctx.add('playbooks.runButton', {
      id: 'playbooks',
      permission: { resource: 'playbook_runs', action: 'write' },
      load: async () => ({
        default: (props: PlaybookRunButtonProps) => {
          received.push(props);
          return <button type="button">Run a playbook</button>;
        },
      }),
    });
  },
});

export function aComponent(overrides: Partial<TopologyComponent> = {}): TopologyComponent {
  return {
    id: 'c1',
    name: 'checkout',
    title: null,
    text: null,
    type: 'Service',
    icon: null,
    path: 'root1',
    status: 'unhealthy',
    health: 'unhealthy',
    status_reason: 'pod crash looping',
    labels: { namespace: 'shop', tier: 'web' },
    parent_id: 'root1',
    topology_id: 't1',
    agent_id: null,
    external_id: null,
    is_leaf: true,
    properties: [{ name: 'replicas', text: '3' }],
    logs: [{ name: 'app', backend: 'files' }],
    summary: {},
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-03T10:00:00Z',
    deleted_at: null,
    ...overrides,
  };
}
