import { useMemo, useState } from 'react';
import { Button, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { PersonAdd16Regular } from '@fluentui/react-icons';
import { usePermissions } from '@web/core/auth';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { useToast } from '@web/core/components/useToast';
import { usePluginRegistry } from '@web/core/plugin-host';
import { AddResponderDialog, type NewResponder } from './AddResponderDialog';
import { useIncidentContext } from './IncidentContext';
import { addResponder, deleteResponder } from './incidentsApi';
import { ResponderCard } from './ResponderCard';
import type { ResponderTypeOption } from './responderTypes';
import type { Responder } from './types';

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyle: 'none', margin: 0, padding: 0 },
});

/** The incident's responders (soft-deleted ones hidden) with Add responder and delete. */
export function Responders() {
  const styles = useStyles();
  const toast = useToast();
  const { can } = usePermissions();
  const registry = usePluginRegistry();
  const { incident, refresh } = useIncidentContext();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Responder | null>(null);
  const [busy, setBusy] = useState(false);
  const registeredTypes = useMemo((): readonly ResponderTypeOption[] => registry.getExtensions('incident.responderTypes'), [registry]);
  const canWrite = can('responder', 'write');
  const responders = (incident.responders ?? []).filter((r) => !r.deleted_at);

  const save = async (responder: NewResponder) => {
    try {
      await addResponder(incident.id, responder);
      toast.success('Responder added successfully');
    } catch (error) {
      toast.error(error);
      throw error;
    }
    await refresh();
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteResponder(removing.id);
      toast.success('Responder deleted successfully');
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
    await refresh();
  };

  return (
    <section aria-label="Responders">
      <div className={styles.header}>
        <Subtitle2>Responders</Subtitle2>
        {canWrite && (
          <Button size="small" icon={<PersonAdd16Regular />} onClick={() => setAdding(true)}>
            Add responder
          </Button>
        )}
      </div>
      <ul className={styles.list}>
        {responders.map((responder) => (
          <ResponderCard key={responder.id} responder={responder} canDelete={canWrite} onDelete={() => setRemoving(responder)} />
        ))}
      </ul>
      <AddResponderDialog
        open={adding}
        incident={incident as unknown as Record<string, unknown>}
        registeredTypes={registeredTypes}
        onClose={() => setAdding(false)}
        onSave={save}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Delete responder"
        message={`Delete the responder '${removing?.team?.name ?? removing?.person?.name ?? ''}'?`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
