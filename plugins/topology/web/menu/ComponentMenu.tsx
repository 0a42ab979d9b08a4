import { Suspense, lazy, useMemo, useState, type JSX } from 'react';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import {
  Attach20Regular,
  Camera20Regular,
  DatabaseLink20Regular,
  DocumentText20Regular,
  MoreHorizontal20Regular,
  ZoomIn20Regular,
} from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import type { TopologyComponent } from '@contracts';
import { withQuery } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { useFeatures } from '@web/core/features/useFeatures';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';
import { SnapshotDialog } from '../snapshot/SnapshotDialog';
import { LinkToCatalogDialog } from './LinkToCatalogDialog';

/** What a component links to an incident as (spec 01 §4: component_id, type topology, description Topology). */
export const topologyEvidence = (componentId: string) => ({ type: 'topology', component_id: componentId, description: 'Topology' });

/** Where 'View Logs' and 'Zoom In' go (spec 02 Topology links). */
export const logsPath = (componentId: string) => withQuery('/logs', { topologyId: componentId });
export const zoomPath = (componentId: string) => `/topology/${encodeURIComponent(componentId)}`;

type OpenDialog = 'incident' | 'snapshot' | 'catalog' | null;

/**
 * The ⋯ menu of a topology card, and of the side panel without Zoom In (spec 02): View Logs (when the logs feature is
 * on and the component names logs), Zoom In, Link to Incident (the incidents plugin's dialog, hidden with its feature
 * or without write on incidents), Snapshot, and Link to catalog (write on topologies).
 */
export function ComponentMenu({
  component,
  placement,
  onZoomIn,
}: {
  component: TopologyComponent;
  placement: 'card' | 'panel';
  onZoomIn?: () => void;
}): JSX.Element {
  const navigate = useNavigate();
  const { isEnabled } = useFeatures();
  const permissions = usePermissions();
  const registry = usePluginRegistry();
  const access = useAccess();
  const [open, setOpen] = useState<OpenDialog>(null);

  // The registry applies the dialog's own feature (incidents) and permission; the explicit check keeps the item
  // hidden however the provider registers.
  const linkDialog = isEnabled('incidents') ? registry.getVisibleExtensions('incident.linkDialog', access)[0] : undefined;
  const LinkDialog = useMemo(() => (linkDialog ? lazy(linkDialog.load) : null), [linkDialog]);
  const canViewLogs = isEnabled('logs') && (component.logs?.length ?? 0) > 0;
  // The search reads config items (feature config); the link itself needs write on topologies.
  const canLinkCatalog = isEnabled('config') && permissions.can('topologies', 'write');
  const close = () => setOpen(null);

  return (
    // The menu sits on a clickable card: its clicks (and those of its dialogs, which bubble through React portals)
    // must not select or open the card.
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small" icon={<MoreHorizontal20Regular />} aria-label={`Actions for ${component.name}`} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {canViewLogs && (
              <MenuItem icon={<DocumentText20Regular />} onClick={() => navigate(logsPath(component.id))}>
                View Logs
              </MenuItem>
            )}
            {placement === 'card' && (
              <MenuItem icon={<ZoomIn20Regular />} onClick={() => (onZoomIn ? onZoomIn() : navigate(zoomPath(component.id)))}>
                Zoom In
              </MenuItem>
            )}
            {LinkDialog && (
              <MenuItem icon={<Attach20Regular />} onClick={() => setOpen('incident')}>
                Link to Incident
              </MenuItem>
            )}
            <MenuItem icon={<Camera20Regular />} onClick={() => setOpen('snapshot')}>
              Snapshot
            </MenuItem>
            {canLinkCatalog && (
              <MenuItem icon={<DatabaseLink20Regular />} onClick={() => setOpen('catalog')}>
                Link to catalog
              </MenuItem>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      {open === 'incident' && LinkDialog && (
        <Suspense fallback={null}>
          <LinkDialog open onClose={close} evidence={topologyEvidence(component.id)} />
        </Suspense>
      )}
      {open === 'snapshot' && <SnapshotDialog open component={component} onClose={close} />}
      {open === 'catalog' && canLinkCatalog && <LinkToCatalogDialog componentId={component.id} componentName={component.name} onClose={close} />}
    </span>
  );
}
