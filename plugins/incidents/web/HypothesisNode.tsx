import { useEffect, useState } from 'react';
import { Badge, Button, Input, Select, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Add16Regular, Comment16Regular, Delete16Regular } from '@fluentui/react-icons';
import { usePermissions } from '@web/core/auth';
import { useToast } from '@web/core/components/useToast';
import { CreateHypothesisDialog } from './CreateHypothesisDialog';
import { EvidenceList } from './EvidenceList';
import { HypothesisComments } from './HypothesisComments';
import { HypothesisDeletePrompt } from './HypothesisDeletePrompt';
import { HYPOTHESIS_STATUS_OPTIONS, NO_TITLE, STATUS_DEBOUNCE_MS, TITLE_DEBOUNCE_MS, childType, childrenOf, shownHypothesisStatus } from './hypotheses';
import { useIncidentContext } from './IncidentContext';
import { deleteHypothesis, updateHypothesis } from './incidentsApi';
import type { Hypothesis } from './types';
import { useDebouncedCallback } from './useDebouncedCallback';

const useStyles = makeStyles({
  node: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
    paddingLeft: tokens.spacingHorizontalM,
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { flexGrow: 1 },
  children: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginLeft: tokens.spacingHorizontalL },
});

const TYPE_LABELS = { root: 'Root', factor: 'Factor', solution: 'Solution' } as const;

/** One hypothesis with inline title (1 s) and status (200 ms) edits, its evidence, comments and children. */
export function HypothesisNode({ hypothesis, expandComments }: { hypothesis: Hypothesis; expandComments: boolean }) {
  const styles = useStyles();
  const toast = useToast();
  const { can } = usePermissions();
  const { incident, refresh } = useIncidentContext();
  const [title, setTitle] = useState(hypothesis.title ?? '');
  const [status, setStatus] = useState(shownHypothesisStatus(hypothesis.status));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [showComments, setShowComments] = useState(expandComments);
  useEffect(() => setShowComments(expandComments), [expandComments]);
  useEffect(() => setTitle(hypothesis.title ?? ''), [hypothesis.title]);
  useEffect(() => setStatus(shownHypothesisStatus(hypothesis.status)), [hypothesis.status]);

  const save = async (fields: { title?: string; status?: string }) => {
    try {
      await updateHypothesis(hypothesis.id, fields);
    } catch (error) {
      toast.error(error);
    }
    await refresh();
  };
  const saveTitle = useDebouncedCallback((value: string) => void save({ title: value }), TITLE_DEBOUNCE_MS);
  const saveStatus = useDebouncedCallback((value: string) => void save({ status: value }), STATUS_DEBOUNCE_MS);

  const resolveDelete = async (action: 'disprove' | 'delete') => {
    setBusy(true);
    try {
      if (action === 'disprove') await updateHypothesis(hypothesis.id, { status: 'disproven' });
      else await deleteHypothesis(hypothesis.id);
    } catch (error) {
      // Spec 01 §8: a failed hypothesis delete is only logged.
      console.error('Hypothesis delete failed', error);
    } finally {
      setBusy(false);
      setDeleting(false);
    }
    await refresh();
  };

  const canWrite = can('incident', 'write');
  const next = childType(hypothesis.type);
  const children = childrenOf(incident.hypotheses ?? [], hypothesis.id);
  const commentCount = hypothesis.comments?.length ?? 0;
  return (
    <div className={styles.node} data-testid="hypothesis" data-type={hypothesis.type}>
      <div className={styles.header}>
        <Badge appearance="outline">{TYPE_LABELS[hypothesis.type]}</Badge>
        <Input
          className={styles.title}
          appearance="underline"
          aria-label="Hypothesis title"
          placeholder={NO_TITLE}
          value={title}
          readOnly={!canWrite}
          onChange={(_, data) => {
            setTitle(data.value);
            saveTitle(data.value);
          }}
        />
        <Select
          aria-label="Hypothesis status"
          value={status}
          disabled={!canWrite}
          onChange={(_, data) => {
            setStatus(data.value);
            saveStatus(data.value);
          }}
        >
          {HYPOTHESIS_STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <Tooltip content={`${commentCount} ${commentCount === 1 ? 'comment' : 'comments'}`} relationship="label">
          <Button appearance="subtle" icon={<Comment16Regular />} onClick={() => setShowComments((v) => !v)}>
            {commentCount}
          </Button>
        </Tooltip>
        {canWrite && next && (
          <Button appearance="subtle" icon={<Add16Regular />} onClick={() => setCreating(true)}>
            {next === 'factor' ? 'Add factor' : 'Add solution'}
          </Button>
        )}
        {canWrite && hypothesis.type !== 'root' && (
          <Tooltip content="Remove hypothesis" relationship="label">
            <Button appearance="subtle" icon={<Delete16Regular />} onClick={() => setDeleting(true)} />
          </Tooltip>
        )}
      </div>
      <EvidenceList hypothesis={hypothesis} />
      {showComments && <HypothesisComments comments={hypothesis.comments ?? []} />}
      {children.length > 0 && (
        <div className={styles.children}>
          {children.map((child) => (
            <HypothesisNode key={child.id} hypothesis={child} expandComments={expandComments} />
          ))}
        </div>
      )}
      {next && <CreateHypothesisDialog open={creating} parentId={hypothesis.id} type={next} onClose={() => setCreating(false)} />}
      <HypothesisDeletePrompt
        open={deleting}
        busy={busy}
        onCancel={() => setDeleting(false)}
        onDisprove={() => void resolveDelete('disprove')}
        onDelete={() => void resolveDelete('delete')}
      />
    </div>
  );
}
