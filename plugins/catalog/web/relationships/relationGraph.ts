import dagre from '@dagrejs/dagre';

/** A row of `rpc/related_configs_recursive`: one related config and the config it was reached from (`related_id`). */
export interface RelatedConfig {
  id: string;
  name: string;
  type: string | null;
  status?: string | null;
  health?: string | null;
  depth: number;
  /** `outgoing`: `related_id` → this config; `incoming`: this config → `related_id`. */
  direction: 'incoming' | 'outgoing';
  /** `hard` (parent/child) or `soft` (config_relationships). */
  relation_type?: string | null;
  relation?: string | null;
  related_id: string;
  deleted_at?: string | null;
}

/** The config whose relationships are shown. */
export interface RootConfig {
  id: string;
  name: string;
  type: string | null;
  health?: string | null;
}

export type GraphDirection = 'LR' | 'TB';

export interface TreeNode {
  id: string;
  kind: 'root' | 'config' | 'group';
  name: string;
  type: string | null;
  health?: string | null;
  direction: 'incoming' | 'outgoing' | null;
  relationType?: string | null;
  relation?: string | null;
  parent: string | null;
  children: string[];
}

/** The whole relationship tree from the root, with groups already formed; collapsing happens on top of it. */
export interface RelationTree {
  rootId: string;
  nodes: ReadonlyMap<string, TreeNode>;
}

/** A group is formed from this many configs of one type under one parent (spec 02 Relationships). */
export const GROUP_MIN = 3;
/** Nodes with more children than this start collapsed; the others start expanded. */
export const AUTO_EXPAND_MAX = 3;

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 56;

/** `Kubernetes::Pod` → `Pods`: the label of an intermediary node (`5 Pods`). */
export function groupLabel(type: string | null, count: number): string {
  const short = (type ?? 'Config').split('::').pop() || 'Config';
  return `${count} ${short.endsWith('s') ? short : `${short}s`}`;
}

/**
 * Builds the tree: each related config hangs under the config it was reached from (the root when that one is not in
 * the answer), and the children of one parent that share a type and direction, 3 or more of them, move under an
 * intermediary group node.
 */
export function buildRelationTree(root: RootConfig, rows: readonly RelatedConfig[]): RelationTree {
  const nodes = new Map<string, TreeNode>();
  nodes.set(root.id, { id: root.id, kind: 'root', name: root.name, type: root.type, health: root.health, direction: null, parent: null, children: [] });
  for (const row of rows) {
    if (row.id === root.id) continue;
    nodes.set(row.id, {
      id: row.id,
      kind: 'config',
      name: row.name,
      type: row.type,
      health: row.health,
      direction: row.direction,
      relationType: row.relation_type,
      relation: row.relation,
      parent: null,
      children: [],
    });
  }
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node || node.kind === 'root') continue;
    const parent = row.related_id !== row.id && nodes.has(row.related_id) ? row.related_id : root.id;
    node.parent = parent;
    nodes.get(parent)!.children.push(row.id);
  }
  for (const parent of [...nodes.values()]) {
    const byKey = new Map<string, string[]>();
    for (const childId of parent.children) {
      const child = nodes.get(childId)!;
      const key = `${child.direction}|${child.type ?? ''}`;
      byKey.set(key, [...(byKey.get(key) ?? []), childId]);
    }
    for (const [key, members] of byKey) {
      if (members.length < GROUP_MIN) continue;
      const first = nodes.get(members[0])!;
      const groupId = `group:${parent.id}:${key}`;
      nodes.set(groupId, {
        id: groupId,
        kind: 'group',
        name: groupLabel(first.type, members.length),
        type: first.type,
        direction: first.direction,
        parent: parent.id,
        children: members,
      });
      for (const member of members) nodes.get(member)!.parent = groupId;
      const memberSet = new Set(members);
      parent.children = [...parent.children.filter((id) => !memberSet.has(id)), groupId];
    }
  }
  return { rootId: root.id, nodes };
}

/** Whether a node shows its children: the root always; others by their count, unless the user toggled them. */
export function isExpanded(tree: RelationTree, id: string, toggled: ReadonlySet<string>): boolean {
  const node = tree.nodes.get(id);
  if (!node || node.kind === 'root') return true;
  const byDefault = node.children.length <= AUTO_EXPAND_MAX;
  return toggled.has(id) ? !byDefault : byDefault;
}

/** Flips one node's expansion (a click on a collapsible node). */
export function toggleNode(toggled: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(toggled);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export interface VisibleNode {
  id: string;
  kind: TreeNode['kind'];
  name: string;
  type: string | null;
  health?: string | null;
  /** Has children to show or hide (not the root). */
  collapsible: boolean;
  expanded: boolean;
  /** Children hidden while collapsed. */
  hiddenCount: number;
}

export interface VisibleEdge {
  id: string;
  source: string;
  target: string;
  soft: boolean;
  relation?: string | null;
}

export interface VisibleGraph {
  nodes: VisibleNode[];
  edges: VisibleEdge[];
}

/**
 * What is drawn: the nodes under expanded ancestors. Edges follow the relationship's direction, so dagre ranks
 * incoming configs before the root and outgoing ones after it.
 */
export function visibleGraph(tree: RelationTree, toggled: ReadonlySet<string>): VisibleGraph {
  const nodes: VisibleNode[] = [];
  const edges: VisibleEdge[] = [];
  const stack = [tree.rootId];
  while (stack.length) {
    const id = stack.pop()!;
    const node = tree.nodes.get(id)!;
    const expanded = isExpanded(tree, id, toggled);
    const collapsible = node.kind !== 'root' && node.children.length > 0;
    nodes.push({
      id,
      kind: node.kind,
      name: node.name,
      type: node.type,
      health: node.health,
      collapsible,
      expanded,
      hiddenCount: expanded ? 0 : node.children.length,
    });
    if (node.parent) {
      const incoming = node.direction === 'incoming';
      edges.push({
        id: `${node.parent}->${id}`,
        source: incoming ? id : node.parent,
        target: incoming ? node.parent : id,
        soft: node.relationType === 'soft',
        relation: node.relation,
      });
    }
    if (expanded) stack.push(...[...node.children].reverse());
  }
  return { nodes, edges };
}

export interface Positioned {
  id: string;
  /** Top-left corner, as React Flow places nodes. */
  x: number;
  y: number;
}

/** Dagre layout of the visible graph along `direction` (LR: ranks left to right; TB: top to bottom). */
export function layoutGraph(graph: VisibleGraph, direction: GraphDirection): Map<string, Positioned> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: direction, nodesep: 24, ranksep: 64 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of graph.edges) g.setEdge(edge.source, edge.target);
  dagre.layout(g);
  const positions = new Map<string, Positioned>();
  for (const node of graph.nodes) {
    const { x, y } = g.node(node.id);
    positions.set(node.id, { id: node.id, x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 });
  }
  return positions;
}
