import { useEffect, useMemo, useState } from 'react';
import { Button, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, History20Regular } from '@fluentui/react-icons';
import { PLAYBOOK_RUN_WRITE, PLAYBOOK_WRITE, type PlaybookDocument } from '@contracts';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { errorMessage, isApiError } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { SearchBox } from '@web/core/components/SearchBox';
import { useToast } from '@web/core/components/useToast';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { PlaybookCard } from '../playbooks/PlaybookCard';
import { PlaybookSpecDialog } from '../playbooks/PlaybookSpecDialog';
import { groupPlaybooks, matchesSearch, playbookCategory, playbookTitle } from '../playbooks/playbookGroups';
import { PLAYBOOK_LIST_KEY, PLAYBOOK_RUNS_PATH, type PlaybookRow, deletePlaybook, fetchPlaybook, fetchPlaybookRows } from '../playbooks/playbooksApi';
import { RunPlaybookDialog } from '../run/RunPlaybookDialog';

export const NO_PLAYBOOKS = 'No playbooks yet';
export const NO_MATCHES = 'No playbooks match the search';
export const PLAYBOOK_DELETED = 'Playbook Spec deleted successfully';
export const playbookDeleteFailed = (error: unknown) => `Unable to delete playbook spec: ${errorMessage(error)}`;
export const PLAYBOOK_NOT_FOUND = 'Playbook not found';
export const EDIT_NEEDS_WRITE = 'Editing a playbook needs write on playbooks';
// A 400 is an id that is not one (not a UUID): to the user, no such playbook either.
export const playbookOpenFailed = (error: unknown) =>
  `Unable to open playbook: ${isApiError(error) && (error.status === 404 || error.status === 400) ? PLAYBOOK_NOT_FOUND : errorMessage(error)}`;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  cards: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

type Editing = { open: false } | { open: true; stored: PlaybookDocument | null };

/** The edit query parameter: `/playbooks?edit=<id>` opens the spec form on that playbook (the run page's Edit Playbook). */
export const EDIT_PARAM = 'edit';

/** /playbooks: the playbooks as cards grouped by category, with search, the spec form and the run dialog (spec 02). */
export default function PlaybooksPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { can, ready } = usePermissions();
  const canWrite = can(PLAYBOOK_WRITE.resource, PLAYBOOK_WRITE.action);
  // Spec 02 §6: run on this page needs write on playbooks; starting a run needs write on playbook_runs.
  const canRun = canWrite && can(PLAYBOOK_RUN_WRITE.resource, PLAYBOOK_RUN_WRITE.action);
  const { data, error, isLoading, mutate } = useSWR(PLAYBOOK_LIST_KEY, fetchPlaybookRows);
  const [search, setSearch] = useQueryState('q', '');
  const [editId, setEditId] = useQueryState(EDIT_PARAM, '');
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [deleting, setDeleting] = useState<PlaybookRow | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [running, setRunning] = useState<PlaybookRow | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const rows = useMemo(() => data ?? [], [data]);
  const groups = useMemo(() => groupPlaybooks(rows.filter((row) => matchesSearch(row, search))), [rows, search]);
  const categories = useMemo(() => [...new Set(rows.map(playbookCategory))].sort(), [rows]);

  // `?edit=<id>` (a card's Edit writes it too): the form opens on the stored document as written, read first (the
  // dialog never shows half a playbook). An id that cannot be read says why and leaves the list.
  const shownId = editing.open ? editing.stored?.id : undefined;
  useEffect(() => {
    if (!editId || !ready || editId === shownId) return;
    if (!canWrite) {
      toast.error(EDIT_NEEDS_WRITE);
      setEditId(null);
      return;
    }
    let current = true;
    setOpening(editId);
    fetchPlaybook(editId).then(
      (stored) => {
        if (!current) return;
        setOpening(null);
        setEditing({ open: true, stored });
      },
      (cause: unknown) => {
        if (!current) return;
        setOpening(null);
        toast.error(playbookOpenFailed(cause));
        setEditId(null);
      },
    );
    return () => {
      current = false;
      setOpening(null);
    };
  }, [editId, shownId, ready, canWrite, toast, setEditId]);

  // An edit shows while the URL names its playbook; a new playbook while nothing is named.
  const dialogOpen = editing.open && (editing.stored ? editing.stored.id === editId : !editId);
  const closeEditor = () => {
    setEditing({ open: false });
    setEditId(null);
  };

  const remove = async (playbook: PlaybookRow) => {
    setDeleteBusy(true);
    try {
      await deletePlaybook(playbook.id);
      toast.success(PLAYBOOK_DELETED);
      setDeleting(null);
      await mutate();
    } catch (cause) {
      toast.error(playbookDeleteFailed(cause));
      setDeleting(null);
    } finally {
      setDeleteBusy(false);
    }
  };

  const body = (() => {
    if (error && !data) return <ErrorPanel error={error} />;
    if (isLoading && !data) return <Loading />;
    if (!rows.length)
      return (
        <EmptyState
          title={NO_PLAYBOOKS}
          message={canWrite ? 'Add one to run it against your configs, checks and components.' : 'Playbooks will show here once they are added.'}
        />
      );
    if (!groups.length) return <EmptyState message={NO_MATCHES} />;
    return groups.map((group) => (
      <section key={group.category} className={styles.group} aria-label={group.category}>
        <Subtitle2 as="h2">{group.category}</Subtitle2>
        <div className={styles.cards}>
          {group.playbooks.map((playbook) => (
            <PlaybookCard
              key={playbook.id}
              playbook={playbook}
              canWrite={canWrite}
              canRun={canRun}
              opening={opening === playbook.id}
              onRun={() => setRunning(playbook)}
              onEdit={() => setEditId(playbook.id)}
              onDelete={() => setDeleting(playbook)}
            />
          ))}
        </div>
      </section>
    ));
  })();

  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <Breadcrumb items={[{ label: 'Playbooks' }]} />
        <div className={styles.tools}>
          <SearchBox value={search} onChange={(value) => setSearch(value || null)} placeholder="Search playbooks" />
          <Button icon={<History20Regular />} onClick={() => navigate(PLAYBOOK_RUNS_PATH)}>
            Runs
          </Button>
          {canWrite && (
            <Button
              appearance="primary"
              icon={<Add20Regular />}
              onClick={() => {
                setEditId(null);
                setEditing({ open: true, stored: null });
              }}
            >
              Add
            </Button>
          )}
        </div>
      </div>
      {body}
      {dialogOpen && (
        <PlaybookSpecDialog
          stored={editing.stored}
          categories={categories}
          onClose={closeEditor}
          onSaved={() => {
            closeEditor();
            void mutate();
          }}
        />
      )}
      {running && <RunPlaybookDialog playbook={running} onClose={() => setRunning(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete playbook"
        message={`Delete the playbook '${deleting ? playbookTitle(deleting) : ''}'? Its runs are kept.`}
        confirmLabel="Delete"
        busy={deleteBusy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
