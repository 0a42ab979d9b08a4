import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add16Regular, ArrowSync16Regular } from '@fluentui/react-icons';
import { usePermissions } from '@web/core/auth';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { EmptyState } from '@web/core/components/EmptyState';
import { useToast } from '@web/core/components/useToast';
import { AddDefinitionOfDoneDialog, type DodAddition } from './AddDefinitionOfDoneDialog';
import { allEvidences } from './allEvidences';
import { DefinitionOfDoneItem } from './DefinitionOfDoneItem';
import { DOD_MESSAGES } from './dodScripts';
import { useIncidentContext } from './IncidentContext';
import { createEvidence, evaluateDefinitionOfDone, setDefinitionOfDone, setEvidenceDone } from './incidentsApi';
import type { Evidence } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyle: 'none', margin: 0, padding: 0 },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS },
});

type Pending = { kind: 'remove' | 'done'; evidence: Evidence } | null;

/** The definition of done: its items, the add wizard, done toggles and on-demand script evaluation. */
export function DefinitionOfDone() {
  const styles = useStyles();
  const toast = useToast();
  const { can } = usePermissions();
  const { incident, refresh } = useIncidentContext();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const canWrite = can('evidences', 'write');
  const evidences = allEvidences(incident);
  const items = evidences.filter((e) => e.definition_of_done);
  const candidates = evidences.filter((e) => !e.definition_of_done);
  const root = (incident.hypotheses ?? []).find((h) => h.type === 'root') ?? incident.hypotheses?.[0];

  const run = async (work: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    try {
      await work();
      return true;
    } catch {
      toast.error(failure);
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const add = async (addition: DodAddition) => {
    const ok = await run(async () => {
      if (addition.mode === 'manual') {
        if (!root) throw new Error('no hypothesis');
        await createEvidence({
          hypothesis_id: root.id,
          type: 'comment',
          description: addition.text,
          evidence: { comment: addition.text },
          definition_of_done: true,
        });
      } else {
        for (const item of addition.items) await setDefinitionOfDone(item.id, true, item.script);
      }
    }, DOD_MESSAGES.markFailed);
    if (ok) setAdding(false);
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, evidence } = pending;
    if (kind === 'remove') await run(() => setDefinitionOfDone(evidence.id, false), DOD_MESSAGES.removeFailed);
    else await run(() => setEvidenceDone(evidence.id, !evidence.done), DOD_MESSAGES.markFailed);
    setPending(null);
  };

  const evaluate = () => run(() => evaluateDefinitionOfDone(incident.id), 'Evaluating the definition of done failed');

  return (
    <div className={styles.root}>
      {canWrite && (
        <div className={styles.toolbar}>
          <Button size="small" icon={<Add16Regular />} onClick={() => setAdding(true)}>
            Add Definition of Done
          </Button>
          <Button size="small" icon={<ArrowSync16Regular />} disabled={busy} onClick={() => void evaluate()}>
            Evaluate now
          </Button>
        </div>
      )}
      {items.length === 0 ? (
        <EmptyState message="No definition of done yet" />
      ) : (
        <ul className={styles.list}>
          {items.map((evidence) => (
            <DefinitionOfDoneItem
              key={evidence.id}
              evidence={evidence}
              canWrite={canWrite}
              onToggleDone={() => setPending({ kind: 'done', evidence })}
              onRemove={() => setPending({ kind: 'remove', evidence })}
            />
          ))}
        </ul>
      )}
      <AddDefinitionOfDoneDialog open={adding} candidates={candidates} busy={busy} onClose={() => setAdding(false)} onAdd={(a) => void add(a)} />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'remove' ? 'Remove from definition of done' : 'Definition of done'}
        message={
          pending?.kind === 'remove'
            ? 'Remove this evidence from the definition of done?'
            : pending?.evidence.done
              ? 'Mark this item as not resolved?'
              : 'Mark this item as resolved?'
        }
        confirmLabel={pending?.kind === 'remove' ? 'Remove' : pending?.evidence.done ? 'Mark as not resolved' : 'Mark as resolved'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
