import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { TestProviders } from '@web/core/testing/TestProviders';
import { RelationshipsTab } from './RelationshipsTab';
import type { RelatedConfig } from './relationGraph';

type FlowNode = { id: string; data: { name: string } };
type FlowProps = { nodes: FlowNode[]; onNodeClick(event: unknown, node: FlowNode): void; children?: ReactNode };

// jsdom cannot measure React Flow's canvas: nodes are drawn as buttons that forward clicks as React Flow would.
jest.mock('@xyflow/react', () => ({
  ReactFlow: ({ nodes, onNodeClick }: FlowProps) => (
    <div>
      {nodes.map((node) => (
        <button key={node.id} onClick={(event) => onNodeClick(event, node)}>
          {node.data.name}
        </button>
      ))}
    </div>
  ),
  Background: () => null,
  Controls: () => null,
  Handle: () => null,
  Position: { Left: 'left', Right: 'right', Top: 'top', Bottom: 'bottom' },
}));

const CONFIG_ID = '11111111-2222-4333-8444-555555555555';
const rows: RelatedConfig[] = [
  {
    id: 'rs',
    name: 'web-7d9f',
    type: 'Kubernetes::ReplicaSet',
    health: 'healthy',
    depth: 1,
    direction: 'outgoing',
    relation_type: 'hard',
    relation: 'parent',
    related_id: CONFIG_ID,
  },
  ...[0, 1, 2, 3].map((i): RelatedConfig => ({
    id: `p${i}`,
    name: `web-pod-${i}`,
    type: 'Kubernetes::Pod',
    health: 'unhealthy',
    depth: 2,
    direction: 'outgoing',
    relation_type: 'hard',
    relation: 'parent',
    related_id: 'rs',
  })),
  {
    id: 'node',
    name: 'worker-1',
    type: 'Kubernetes::Node',
    health: 'healthy',
    depth: 1,
    direction: 'incoming',
    relation_type: 'soft',
    relation: 'NodeDeployment',
    related_id: CONFIG_ID,
  },
];

function Location() {
  return <p data-testid="location">{useLocation().search}</p>;
}

function open(search = '') {
  const fetcher = jest.fn((key: string) =>
    Promise.resolve(key.includes('related_configs_recursive') ? rows : [{ id: CONFIG_ID, name: 'web', type: 'Kubernetes::Deployment', health: 'healthy' }]),
  );
  render(
    <MemoryRouter initialEntries={[`/catalog/${CONFIG_ID}/relationships${search}`]}>
      <TestProviders fetcher={fetcher}>
        <Routes>
          <Route
            path="/catalog/:id/relationships"
            element={
              <>
                <RelationshipsTab configId={CONFIG_ID} />
                <Location />
              </>
            }
          />
          <Route path="/catalog/:id" element={<p>config page</p>} />
        </Routes>
      </TestProviders>
    </MemoryRouter>,
  );
  const relatedCalls = () => fetcher.mock.calls.map(([key]) => key).filter((key) => key.includes('related_configs_recursive'));
  return { relatedCalls };
}

const query = (url: string) => new URL(url, 'http://x').searchParams;

describe('RelationshipsTab', () => {
  it('asks related_configs_recursive for both directions with soft relations, max depth 10, no deleted configs', async () => {
    const { relatedCalls } = open();
    await screen.findByRole('button', { name: 'web-7d9f' });
    const [url] = relatedCalls();
    expect(url.startsWith('/api/db/rpc/related_configs_recursive?')).toBe(true);
    expect(Object.fromEntries(query(url))).toEqual({
      config_id: CONFIG_ID,
      max_depth: '10',
      incoming_relation: 'both',
      outgoing_relation: 'both',
      include_deleted_configs: 'false',
    });
  });

  it('writes each toggle to the URL and asks again with it', async () => {
    const { relatedCalls } = open('?selected=3');
    await screen.findByRole('button', { name: 'web-7d9f' });
    fireEvent.click(screen.getByRole('switch', { name: 'Soft' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('soft=false'));
    await waitFor(() => expect(query(relatedCalls().at(-1)!).get('outgoing_relation')).toBe('hard'));
    fireEvent.click(screen.getByRole('switch', { name: 'Incoming' }));
    await waitFor(() => expect(query(relatedCalls().at(-1)!).get('incoming_relation')).toBe('none'));
    expect(screen.getByTestId('location')).toHaveTextContent('?selected=3&soft=false&incoming=false');
    fireEvent.click(screen.getByRole('button', { name: 'TB' }));
    fireEvent.click(screen.getByRole('button', { name: 'bezier' }));
    expect(screen.getByTestId('location')).toHaveTextContent('graphDirection=TB&edgeStyle=bezier');
  });

  it('draws the graph with the 4 pods behind a collapsed "4 Pods" node that a click expands', async () => {
    open();
    expect(await screen.findByRole('button', { name: 'web' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'worker-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'web-pod-0' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '4 Pods' }));
    expect(screen.getByRole('button', { name: 'web-pod-3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'worker-1' }));
    expect(await screen.findByText('config page')).toBeInTheDocument();
  });

  it('lists the related configs in the table view with a link to each', async () => {
    open('?view=table');
    const link = await screen.findByRole('link', { name: 'worker-1' });
    expect(link).toHaveAttribute('href', '/catalog/node');
    expect(screen.getByText('NodeDeployment')).toBeInTheDocument();
    expect(screen.getAllByText('web-pod-0')).toHaveLength(1);
    expect(screen.getByText('incoming')).toBeInTheDocument();
    expect(screen.getAllByText('unhealthy')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'TB' })).not.toBeInTheDocument();
  });
});
