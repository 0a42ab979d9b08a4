import { Suspense, lazy, useMemo, useState } from 'react';
import { Button, Tooltip } from '@fluentui/react-components';
import { Attach16Regular } from '@fluentui/react-icons';
import type { LogLine } from '@contracts';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';

export const ATTACH_LABEL = 'Attach as evidence';
export const SELECT_LINES_HINT = 'Select the lines to attach';

export interface LogEvidenceInput {
  componentId: string;
  description: string;
  /** Every line shown. */
  lines: readonly LogLine[];
  /** Indexes of the selected lines in `lines`. */
  selected: ReadonlySet<number>;
}

/**
 * A log evidence as the link-to-incident dialog takes it (spec 01 §4: log evidence carries {lines, selected_lines}
 * in its inner `evidence` object, next to type, description and the component).
 */
export function logEvidence({ componentId, description, lines, selected }: LogEvidenceInput) {
  const selectedLines = [...selected].sort((a, b) => a - b).flatMap((index) => (lines[index] ? [lines[index]] : []));
  return { type: 'log', description, component_id: componentId, evidence: { lines: [...lines], selected_lines: selectedLines } };
}

/**
 * The add-evidence button of the Message header. The incidents plugin provides the dialog (`incident.linkDialog`);
 * the registry hides it when incidents are off or the user may not write incidents, and then there is no button.
 */
export function AttachLogsButton(props: LogEvidenceInput) {
  const registry = usePluginRegistry();
  const access = useAccess();
  const [open, setOpen] = useState(false);
  const extension = registry.getVisibleExtensions('incident.linkDialog', access)[0];
  const LinkDialog = useMemo(() => (extension ? lazy(extension.load) : null), [extension]);
  if (!LinkDialog) return null;
  const none = props.selected.size === 0;
  const button = (
    <Button size="small" icon={<Attach16Regular />} disabledFocusable={none} onClick={() => setOpen(true)}>
      {none ? ATTACH_LABEL : `${ATTACH_LABEL} (${props.selected.size})`}
    </Button>
  );
  return (
    <>
      {none ? (
        <Tooltip content={SELECT_LINES_HINT} relationship="description">
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {open && (
        <Suspense fallback={null}>
          <LinkDialog open onClose={() => setOpen(false)} evidence={logEvidence(props)} />
        </Suspense>
      )}
    </>
  );
}
