import '@xyflow/react/dist/style.css';
import { memo, useMemo, useState } from 'react';
import { Caption1, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular, Cube16Regular, Stack16Regular } from '@fluentui/react-icons';
import { Background, Controls, Handle, type Edge, type Node, type NodeProps, Position, ReactFlow } from '@xyflow/react';
import { useNavigate } from 'react-router';
import { type HealthColour, healthColour } from '@contracts';
import {
  type GraphDirection,
  type RelatedConfig,
  type RootConfig,
  type VisibleNode,
  buildRelationTree,
  layoutGraph,
  toggleNode,
  visibleGraph,
} from './relationGraph';
import type { EdgeStyle } from './relationshipsQuery';

const HEALTH_BORDER: Record<HealthColour, string> = {
  green: tokens.colorPaletteGreenBorderActive,
  red: tokens.colorPaletteRedBorderActive,
  orange: tokens.colorPaletteDarkOrangeBorderActive,
  grey: tokens.colorNeutralStroke1,
};

const useStyles = makeStyles({
  canvas: { height: '600px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  node: {
    width: '240px',
    height: '56px',
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingInline: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: '1px solid',
    borderLeftWidth: '4px',
    cursor: 'pointer',
  },
  root: { backgroundColor: tokens.colorBrandBackground2, boxShadow: tokens.shadow8 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

// React Flow's node data is a plain record.
type ConfigNodeData = VisibleNode & { horizontal: boolean } & Record<string, unknown>;

/** One config (or intermediary group): icon, name, type, health as the border colour; the root highlighted. */
const ConfigNode = memo(function ConfigNode({ data }: NodeProps<Node<ConfigNodeData>>) {
  const styles = useStyles();
  const Icon = data.kind === 'group' ? Stack16Regular : Cube16Regular;
  const Chevron = data.expanded ? ChevronDown16Regular : ChevronRight16Regular;
  const colour = data.kind === 'group' ? 'grey' : healthColour(data.health);
  return (
    <div
      className={mergeClasses(styles.node, data.kind === 'root' && styles.root)}
      style={{ borderColor: HEALTH_BORDER[colour] }}
      data-testid={`graph-node-${data.id}`}
      aria-label={data.collapsible ? `${data.name} (${data.expanded ? 'expanded' : `${data.hiddenCount} hidden`})` : data.name}
    >
      <Handle type="target" position={data.horizontal ? Position.Left : Position.Top} isConnectable={false} />
      {data.collapsible && <Chevron />}
      <Icon />
      <span className={styles.text}>
        <Text className={styles.name} weight={data.kind === 'root' ? 'semibold' : 'regular'} title={data.name}>
          {data.name}
        </Text>
        {data.type && <Caption1 className={styles.name}>{data.type}</Caption1>}
      </span>
      <Handle type="source" position={data.horizontal ? Position.Right : Position.Bottom} isConnectable={false} />
    </div>
  );
});

const nodeTypes = { config: ConfigNode };

export interface RelationsGraphProps {
  root: RootConfig;
  rows: readonly RelatedConfig[];
  direction: GraphDirection;
  edgeStyle: EdgeStyle;
}

/**
 * The relationships as a graph (spec 02): React Flow drawing, dagre layout. A click on a collapsible node toggles it,
 * on another config opens it. The tree, the visible part and the layout are memoised, so a 500-node graph lays out
 * once per data, toggle or direction change, not per render.
 */
export function RelationsGraph({ root, rows, direction, edgeStyle }: RelationsGraphProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const tree = useMemo(() => buildRelationTree(root, rows), [root, rows]);
  const visible = useMemo(() => visibleGraph(tree, toggled), [tree, toggled]);
  const positions = useMemo(() => layoutGraph(visible, direction), [visible, direction]);

  const nodes = useMemo<Node<ConfigNodeData>[]>(
    () =>
      visible.nodes.map((node) => ({
        id: node.id,
        type: 'config',
        position: { x: positions.get(node.id)!.x, y: positions.get(node.id)!.y },
        data: { ...node, horizontal: direction === 'LR' },
        draggable: false,
        connectable: false,
      })),
    [visible, positions, direction],
  );
  const edges = useMemo<Edge[]>(
    () =>
      visible.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        type: edgeStyle === 'bezier' ? 'default' : 'smoothstep',
        label: edge.relation && edge.relation !== 'parent' ? edge.relation : undefined,
        style: edge.soft ? { strokeDasharray: '6 4' } : undefined,
      })),
    [visible, edgeStyle],
  );

  return (
    <div className={styles.canvas} role="figure" aria-label="Relationships graph">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        minZoom={0.05}
        nodesDraggable={false}
        nodesConnectable={false}
        onlyRenderVisibleElements
        onNodeClick={(_, node) => {
          if (node.data.collapsible) setToggled((current) => toggleNode(current, node.id));
          else if (node.data.kind === 'config') navigate(`/catalog/${encodeURIComponent(node.id)}`);
        }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
