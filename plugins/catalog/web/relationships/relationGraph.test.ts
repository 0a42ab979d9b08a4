import { type RelatedConfig, buildRelationTree, isExpanded, layoutGraph, toggleNode, visibleGraph } from './relationGraph';

const root = { id: 'deploy', name: 'web', type: 'Kubernetes::Deployment', health: 'healthy' };

function related(id: string, type: string, relatedId = 'deploy', over: Partial<RelatedConfig> = {}): RelatedConfig {
  return { id, name: id, type, depth: 1, direction: 'outgoing', relation_type: 'hard', relation: 'parent', related_id: relatedId, ...over };
}

const pods = (count: number, parent = 'rs') => Array.from({ length: count }, (_, i) => related(`pod-${i}`, 'Kubernetes::Pod', parent, { depth: 2 }));
const ids = (graph: { nodes: { id: string }[] }) => graph.nodes.map((n) => n.id).sort();

describe('relationships graph model', () => {
  it('draws fewer than 3 configs of a type under their parent directly', () => {
    const tree = buildRelationTree(root, [related('rs', 'Kubernetes::ReplicaSet'), ...pods(2)]);
    expect(ids(visibleGraph(tree, new Set()))).toEqual(['deploy', 'pod-0', 'pod-1', 'rs']);
  });

  it('puts 3 or more configs of one type under one parent behind an intermediary node, expanded when 3', () => {
    const tree = buildRelationTree(root, [related('rs', 'Kubernetes::ReplicaSet'), ...pods(3)]);
    const group = tree.nodes.get('rs')!.children;
    expect(group).toHaveLength(1);
    expect(tree.nodes.get(group[0])).toMatchObject({ kind: 'group', name: '3 Pods', children: ['pod-0', 'pod-1', 'pod-2'] });
    const graph = visibleGraph(tree, new Set());
    expect(graph.nodes).toHaveLength(6); // root, rs, group, 3 pods
    expect(graph.edges.map((e) => [e.source, e.target])).toContainEqual(['rs', group[0]]);
    expect(graph.edges.map((e) => [e.source, e.target])).toContainEqual([group[0], 'pod-0']);
  });

  it('starts a node with more than 3 children collapsed and a click toggles it', () => {
    const tree = buildRelationTree(root, [related('rs', 'Kubernetes::ReplicaSet'), ...pods(5)]);
    const groupId = tree.nodes.get('rs')!.children[0];
    expect(tree.nodes.get(groupId)!.name).toBe('5 Pods');
    const collapsed = visibleGraph(tree, new Set());
    expect(collapsed.nodes).toHaveLength(3);
    expect(collapsed.nodes.find((n) => n.id === groupId)).toMatchObject({ collapsible: true, expanded: false, hiddenCount: 5 });

    const opened = toggleNode(new Set(), groupId);
    expect(visibleGraph(tree, opened).nodes).toHaveLength(8);
    expect(visibleGraph(tree, toggleNode(opened, groupId)).nodes).toHaveLength(3);
  });

  it('collapses a config with more than 3 children of mixed types, and expands one with 3 or fewer by default', () => {
    const children = ['a', 'b', 'c', 'd'].map((t) => related(`x-${t}`, `T::${t}`, 'rs', { depth: 2 }));
    const tree = buildRelationTree(root, [related('rs', 'Kubernetes::ReplicaSet'), ...children]);
    expect(isExpanded(tree, 'rs', new Set())).toBe(false);
    expect(ids(visibleGraph(tree, new Set()))).toEqual(['deploy', 'rs']);
    expect(visibleGraph(tree, toggleNode(new Set(), 'rs')).nodes).toHaveLength(6);
    // The root always shows its children, however many.
    const wide = buildRelationTree(
      root,
      ['a', 'b', 'c', 'd', 'e'].map((t) => related(t, `T::${t}`)),
    );
    expect(visibleGraph(wide, new Set()).nodes).toHaveLength(6);
  });

  it('groups by direction too, and points incoming edges at the root', () => {
    const rows = [
      related('ns', 'Kubernetes::Namespace', 'deploy', { direction: 'incoming' }),
      ...['s1', 's2', 's3'].map((id) =>
        related(id, 'Kubernetes::Service', 'deploy', { direction: 'incoming', relation_type: 'soft', relation: 'ServiceDeployment' }),
      ),
      related('s4', 'Kubernetes::Service'),
    ];
    const graph = visibleGraph(buildRelationTree(root, rows), new Set());
    expect(graph.edges.find((e) => e.source === 'ns')).toMatchObject({ target: 'deploy', soft: false });
    expect(graph.edges.find((e) => e.target === 's4')).toMatchObject({ source: 'deploy' });
    expect(graph.nodes.filter((n) => n.kind === 'group')).toHaveLength(1);
    expect(graph.edges.find((e) => e.source === 's1')).toMatchObject({ soft: true, relation: 'ServiceDeployment' });
  });

  it('hangs a config whose predecessor is not in the answer under the root', () => {
    const tree = buildRelationTree(root, [related('orphan', 'T', 'gone')]);
    expect(tree.nodes.get('orphan')!.parent).toBe('deploy');
  });

  it('lays ranks out along x for LR and along y for TB', () => {
    const graph = visibleGraph(buildRelationTree(root, [related('rs', 'Kubernetes::ReplicaSet')]), new Set());
    const lr = layoutGraph(graph, 'LR');
    expect(lr.get('rs')!.x).toBeGreaterThan(lr.get('deploy')!.x);
    expect(lr.get('rs')!.y).toBe(lr.get('deploy')!.y);
    const tb = layoutGraph(graph, 'TB');
    expect(tb.get('rs')!.y).toBeGreaterThan(tb.get('deploy')!.y);
    expect(tb.get('rs')!.x).toBe(tb.get('deploy')!.x);
  });

  it('lays out 500 configs quickly', () => {
    const rows = Array.from({ length: 500 }, (_, i) => related(`c${i}`, `T::${i % 7}`, i < 20 ? 'deploy' : `c${i % 20}`, { depth: i < 20 ? 1 : 2 }));
    const tree = buildRelationTree(root, rows);
    const all = new Set([...tree.nodes.values()].filter((n) => n.children.length > 3).map((n) => n.id));
    const graph = visibleGraph(tree, all);
    expect(graph.nodes.length).toBeGreaterThan(500);
    const started = performance.now();
    layoutGraph(graph, 'LR');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
