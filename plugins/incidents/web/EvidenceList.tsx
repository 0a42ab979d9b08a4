import { useState } from 'react';
import { Body1, Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Delete16Regular, Link16Regular } from '@fluentui/react-icons';
import { usePermissions } from '@web/core/auth';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { useToast } from '@web/core/components/useToast';
import { EvidenceView } from './EvidenceView';
import { useIncidentContext } from './IncidentContext';
import { deleteEvidence } from './incidentsApi';
import { LinkToCatalogDialog } from './LinkToCatalogDialog';
import type { Hypothesis } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  toolbar: { display: 'flex', justifyContent: 'flex-start' },
});

export const NO_EVIDENCE = 'There are no evidences provided for this incident';
export const LOADING_EVIDENCE = 'Loading evidences please wait...';
export const EVIDENCE_DELETE_FAILED = 'Evidence delete failed';

/** A hypothesis's evidence, with Link to Catalog and delete. */
export function EvidenceList({ hypothesis }: { hypothesis: Hypothesis }) {
  const styles = useStyles();
  const toast = useToast();
  const { can } = usePermissions();
  const { refresh } = useIncidentContext();
  const [linking, setLinking] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canWrite = can('evidences', 'write');
  const evidences = hypothesis.evidences;

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteEvidence(removing);
    } catch {
      toast.error(EVIDENCE_DELETE_FAILED);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
    await refresh();
  };

  return (
    <div className={styles.root}>
      {evidences === undefined ? (
        <Body1>{LOADING_EVIDENCE}</Body1>
      ) : evidences.length === 0 ? (
        <Body1>{NO_EVIDENCE}</Body1>
      ) : (
        evidences.map((evidence) => (
          <div key={evidence.id} className={styles.item}>
            <EvidenceView evidence={evidence} />
            {canWrite && (
              <Tooltip content="Delete evidence" relationship="label">
                <Button appearance="subtle" icon={<Delete16Regular />} onClick={() => setRemoving(evidence.id)} />
              </Tooltip>
            )}
          </div>
        ))
      )}
      {canWrite && (
        <div className={styles.toolbar}>
          <Button appearance="subtle" size="small" icon={<Link16Regular />} onClick={() => setLinking(true)}>
            Link to Catalog
          </Button>
        </div>
      )}
      <LinkToCatalogDialog open={linking} hypothesisId={hypothesis.id} onClose={() => setLinking(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Delete evidence"
        message="Delete this evidence?"
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
