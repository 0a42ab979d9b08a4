import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Feature } from '@contracts';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { AddIntegrationDialog } from './AddIntegrationDialog';
import { type IntegrationChart, chartPath } from './chartValues';

const kubernetesChart: IntegrationChart = {
  name: 'kubernetes',
  chart: 'mission-control-kubernetes',
  version: '1.2.3',
  repository: { name: 'flanksource', url: 'https://flanksource.github.io/charts' },
  source: 'helm',
  valuesSchema: {
    type: 'object',
    required: ['clusterName'],
    properties: {
      clusterName: { type: 'string', title: 'Cluster name' },
      scraper: { type: 'object', properties: { schedule: { type: 'string', title: 'Scrape schedule', default: '@every 30m' } } },
      playbooks: { type: 'object', properties: { enabled: { type: 'boolean', title: 'Playbooks', default: true } } },
    },
  },
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

async function open({ disabled = [] as Feature[], responses = {} as Record<string, unknown> } = {}) {
  const onClose = jest.fn();
  render(
    <MemoryRouter initialEntries={['/settings/integrations']}>
      <TestProviders responses={signedIn(['editor'], { [chartPath('kubernetes')]: kubernetesChart, ...responses }, disabled)}>
        <Routes>
          <Route path="*" element={<Location />} />
        </Routes>
        <AddIntegrationDialog open onClose={onClose} />
      </TestProviders>
    </MemoryRouter>,
  );
  // The feature flags have loaded once the Add Directly tiles are there.
  await screen.findByRole('group', { name: 'Add Directly' });
  return { onClose };
}

const tileNames = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('button')
    .map((button) => within(button).getAllByText(/./)[0].textContent);

const snippet = (tab: 'flux' | 'helm') => screen.getByTestId(`${tab}-snippet`).textContent ?? '';

async function openKubernetes() {
  fireEvent.click(within(screen.getByRole('group', { name: 'Add via GitOps' })).getByRole('button', { name: /Kubernetes/ }));
  await screen.findByRole('textbox', { name: /Cluster name/ });
}

describe('Add Integration dialog', () => {
  it('offers the GitOps tiles and the Add Directly tiles', async () => {
    await open();
    expect(screen.getByText('Add Integration')).toBeInTheDocument();
    expect(tileNames('Add via GitOps')).toEqual(['AWS', 'Azure', 'Prometheus', 'Flux', 'Kubernetes', 'Mission Control']);
    await waitFor(() => expect(tileNames('Add Directly')).toEqual(['Custom Topology', 'Catalog Scraper', 'Log Backends']));
  });

  it('hides Log Backends while the logs feature is disabled', async () => {
    await open({ disabled: ['logs'] });
    await waitFor(() => expect(tileNames('Add Directly')).toEqual(['Custom Topology', 'Catalog Scraper']));
  });

  it('opens the creation page of an Add Directly tile and closes', async () => {
    const { onClose } = await open();
    fireEvent.click(screen.getByRole('button', { name: /Custom Topology/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/topologies/new');
    expect(onClose).toHaveBeenCalled();
  });

  it("draws a GitOps tile's values from the chart's schema, with the namespace defaulting to mission-control", async () => {
    await open();
    await openKubernetes();
    expect(screen.getByText('Add Kubernetes via GitOps')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Namespace/ })).toHaveValue('mission-control');
    expect(screen.getByRole('textbox', { name: /Scrape schedule/ })).toHaveValue('@every 30m');
    expect(screen.getByRole('checkbox', { name: 'Playbooks' })).toBeChecked();
    expect(screen.getByText(/The Kubernetes chart must be installed in Flux/)).toBeInTheDocument();
    // Cluster name is required and still blank.
    expect(screen.getByText('Fill in Cluster name to complete the snippet.')).toBeInTheDocument();
  });

  it('generates the Flux objects and the Helm commands from the namespace and the values', async () => {
    await open();
    await openKubernetes();
    fireEvent.change(screen.getByRole('textbox', { name: /Cluster name/ }), { target: { value: 'prod-eu' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Namespace/ }), { target: { value: 'platform' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Playbooks' }));

    await waitFor(() => expect(snippet('flux')).toContain('clusterName: prod-eu'));
    const flux = snippet('flux');
    expect(flux).toContain('kind: HelmRepository');
    expect(flux).toContain('url: https://flanksource.github.io/charts');
    expect(flux).toContain('kind: HelmRelease');
    expect(flux).toContain('namespace: platform');
    expect(flux).not.toContain('namespace: mission-control');
    expect(flux.match(/interval: 30m/g)).toHaveLength(2);
    expect(flux).toContain('chart: mission-control-kubernetes');
    expect(flux).toContain('version: 1.2.3');
    expect(flux).toMatch(/playbooks:\n\s+enabled: false/);
    expect(screen.queryByText(/Fill in/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Helm CLI' }));
    const helm = snippet('helm');
    expect(helm).toContain('helm repo add flanksource https://flanksource.github.io/charts');
    expect(helm).toContain('helm install mission-control-kubernetes flanksource/mission-control-kubernetes');
    expect(helm).toContain('-n platform');
    expect(helm).toContain('--version 1.2.3');
    expect(helm).toContain('--set clusterName=prod-eu');
    expect(helm).toContain("--set 'scraper.schedule=@every 30m'");
    expect(helm).toContain('--set playbooks.enabled=false');
  });

  it('says why a namespace is not one, and keeps the snippets on the default meanwhile', async () => {
    await open();
    await openKubernetes();
    fireEvent.change(screen.getByRole('textbox', { name: /Namespace/ }), { target: { value: 'Not Valid' } });
    expect(await screen.findByText(/A namespace is lowercase letters, digits and "-"/)).toBeInTheDocument();
    expect(snippet('flux')).toContain('namespace: mission-control');
  });

  it('goes Back to the tiles and keeps no selected option', async () => {
    await open();
    await openKubernetes();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Add Integration')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Add via GitOps' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('flux-snippet')).not.toBeInTheDocument();
  });

  it("shows the chart's error when it cannot be read", async () => {
    await open();
    // The canned fetcher answers 404 for a chart it does not know (only Kubernetes is known here).
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /AWS/ }));
    });
    expect(await screen.findByText('Could not load the AWS chart')).toBeInTheDocument();
  });
});
