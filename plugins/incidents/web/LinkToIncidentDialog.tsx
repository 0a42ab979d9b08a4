import { useEffect, useState } from 'react';
import { Field, Input, MessageBar, MessageBarBody, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import { INCIDENT_TYPES, SEVERITIES } from '@contracts';
import { dataApiPath, pg, withQuery } from '@web/core/api';
import { errorMessage } from '@web/core/api/ApiError';
import { Dialog } from '@web/core/components/Dialog';
import { DialogButtons } from '@web/core/components/DialogButtons';
import { useToast } from '@web/core/components/useToast';
import type { IncidentLinkDialogProps } from '@web/core/plugin-host/types';
import { displayTitle } from './hypotheses';
import { linkToIncident } from './incidentsApi';
import { LINK_FORM_DEFAULTS, LINK_MESSAGES, type LinkFormErrors, NEW, chooseIncident, linkRequest, validateLinkForm } from './linkToIncidentForm';
import type { Hypothesis, Incident } from './types';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export const LINK_INCIDENTS_KEY = withQuery(dataApiPath('incidents'), {
  select: 'id,incident_id,title,hypotheses(id,title,type)',
  status: pg.neq('closed'),
  order: pg.order('created_at', 'desc'),
  limit: 200,
});

type LinkableIncident = Pick<Incident, 'id' | 'incident_id' | 'title'> & { hypotheses: Hypothesis[] };

/** Link to incident: attach the given evidence to an existing or new incident and hypothesis. */
export default function LinkToIncidentDialog({ open, onClose, evidence }: IncidentLinkDialogProps) {
  const styles = useStyles();
  const toast = useToast();
  const { data: incidents } = useSWR<LinkableIncident[]>(open ? LINK_INCIDENTS_KEY : null);
  const [state, setState] = useState(LINK_FORM_DEFAULTS);
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setState(LINK_FORM_DEFAULTS);
      setErrors({});
      setFailure(null);
    }
  }, [open]);

  const selected = incidents?.find((i) => i.id === state.incident);
  const hypotheses = selected?.hypotheses ?? [];
  const isNew = state.incident === NEW;
  const set = (patch: Partial<typeof state>) => setState((current) => ({ ...current, ...patch }));

  const submit = async () => {
    const found = validateLinkForm(state);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await linkToIncident(linkRequest(state, evidence, selected?.title));
      toast.success(LINK_MESSAGES.linked);
      onClose(true);
    } catch (error) {
      // Spec 01 §8: a failed incident or hypothesis creation is logged and the dialog stays open.
      console.error('Link to incident failed', error);
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      size="small"
      title="Link to incident"
      actions={<DialogButtons onCancel={() => onClose(false)} label="Link" busyLabel="Linking.." busy={busy} onAction={submit} />}
    >
      <div className={styles.form}>
        {failure && (
          <MessageBar intent="error">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
        <Field label="Incident" required validationMessage={errors.incident}>
          <Select
            value={state.incident}
            onChange={(_, d) => setState((s) => chooseIncident(s, d.value, incidents?.find((i) => i.id === d.value)?.hypotheses ?? []))}
          >
            <option value="">Select an incident</option>
            <option value={NEW}>Create a new incident</option>
            {(incidents ?? []).map((i) => (
              <option key={i.id} value={i.id}>
                {i.incident_id} {i.title}
              </option>
            ))}
          </Select>
        </Field>
        {isNew && (
          <>
            <Field label="New incident title" required>
              <Input value={state.newIncidentTitle} onChange={(_, d) => set({ newIncidentTitle: d.value })} />
            </Field>
            <Field label="Type" required validationMessage={errors.type}>
              <Select value={state.type} onChange={(_, d) => set({ type: d.value })}>
                <option value="">Select a type</option>
                {INCIDENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Severity" required validationMessage={errors.severity}>
              <Select value={state.severity} onChange={(_, d) => set({ severity: d.value })}>
                <option value="">Select a severity</option>
                {SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </Field>
          </>
        )}
        {state.incident && !isNew && (
          <Field label="Hypothesis" required validationMessage={errors.hypothesis}>
            <Select value={state.hypothesis} onChange={(_, d) => set({ hypothesis: d.value })}>
              <option value="">Select a hypothesis</option>
              <option value={NEW}>Create a new hypothesis</option>
              {hypotheses.map((h) => (
                <option key={h.id} value={h.id}>
                  {displayTitle(h.title)}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {state.hypothesis === NEW && !isNew && (
          <Field label="New hypothesis title">
            <Input value={state.newHypothesisTitle} placeholder={selected?.title} onChange={(_, d) => set({ newHypothesisTitle: d.value })} />
          </Field>
        )}
        <Field label="Description">
          <Textarea value={state.description} onChange={(_, d) => set({ description: d.value })} resize="vertical" />
        </Field>
      </div>
    </Dialog>
  );
}
