import { useState } from 'react';
import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Input,
  OverlayDrawer,
  Radio,
  RadioGroup,
  Select,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { AGENT_MESSAGES, AGENT_SCRAPE_INTERVALS, type AgentFormValues, type AgentGenerateResponse } from '@contracts';
import { useToast } from '@web/core/components/useToast';
import { zodResolver } from '@web/core/forms/zodResolver';
import { DeleteAgentDialogs } from './DeleteAgentDialogs';
import { EMPTY_AGENT_FORM, type AgentFormState, agentFormSchema, formStateOf, formValuesOf } from './agentForm';
import { type AgentRow, generateAgent, updateAgent } from './agentsApi';
import { PropertiesEditor } from './PropertiesEditor';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  footer: { display: 'flex', justifyContent: 'space-between', width: '100%' },
});

export interface AgentDrawerProps {
  /** The agent being edited; null: a new one. */
  agent: AgentRow | null;
  canWrite: boolean;
  onClose(): void;
  /** After create: the response and the values (the installation dialog needs both). */
  onCreated(created: AgentGenerateResponse, values: AgentFormValues): void;
  onChanged(): void;
}

const enabledValue = (on: boolean) => (on ? 'enabled' : 'disabled');

/** Create or edit an agent (spec 02 Agents): Next creates, Save changes; the name is read-only once created. */
export function AgentDrawer({ agent, canWrite, onClose, onCreated, onChanged }: AgentDrawerProps) {
  const styles = useStyles();
  const toast = useToast();
  const editing = agent !== null;
  const form = useForm<AgentFormState>({ defaultValues: agent ? formStateOf(agent) : EMPTY_AGENT_FORM, resolver: zodResolver(agentFormSchema) });
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const kubernetesEnabled = form.watch('kubernetesEnabled');
  const telemetryEnabled = form.watch('telemetryEnabled');
  const readOnly = !canWrite;

  const submit = form.handleSubmit(async (state) => {
    const values = formValuesOf(state);
    setSaving(true);
    try {
      if (agent) {
        await updateAgent(agent.id, values);
        toast.success(AGENT_MESSAGES.updated);
        onChanged();
        onClose();
      } else {
        const created = await generateAgent(values);
        toast.success(AGENT_MESSAGES.created);
        onChanged();
        onCreated(created, values);
      }
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(false);
    }
  });

  const nameError = form.formState.errors.name?.message;
  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, data) => !data.open && onClose()} data-testid="agent-drawer">
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<Dismiss20Regular />} onClick={onClose} />}>
          {agent ? agent.name : AGENT_MESSAGES.createTitle}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <FormProvider {...form}>
          <form id="agent-form" className={styles.body} onSubmit={(event) => void submit(event)} noValidate>
            <Field label="Name" required validationState={nameError ? 'error' : 'none'} validationMessage={nameError}>
              <Controller
                name="name"
                control={form.control}
                render={({ field }) => (
                  <Input
                    value={field.value}
                    onChange={(_, data) => field.onChange(data.value)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    readOnly={editing}
                    disabled={readOnly && !editing}
                  />
                )}
              />
            </Field>
            <Field label="Properties">
              <PropertiesEditor disabled={readOnly} />
            </Field>
            <Controller
              name="kubernetesEnabled"
              control={form.control}
              render={({ field }) => (
                <Field label="Kubernetes">
                  <RadioGroup
                    layout="horizontal"
                    value={enabledValue(field.value)}
                    disabled={readOnly}
                    onChange={(_, data) => field.onChange(data.value === 'enabled')}
                  >
                    <Radio value="enabled" label="Enabled" />
                    <Radio value="disabled" label="Disabled" />
                  </RadioGroup>
                </Field>
              )}
            />
            {kubernetesEnabled && (
              <Field label="Scrape Interval">
                <Controller
                  name="interval"
                  control={form.control}
                  render={({ field }) => (
                    <Select value={field.value} onChange={(_, data) => field.onChange(data.value)} ref={field.ref} disabled={readOnly}>
                      {AGENT_SCRAPE_INTERVALS.map((interval) => (
                        <option key={interval} value={interval}>
                          {interval}
                        </option>
                      ))}
                    </Select>
                  )}
                />
              </Field>
            )}
            <Controller
              name="telemetryEnabled"
              control={form.control}
              render={({ field }) => (
                <Field label="Telemetry">
                  <RadioGroup
                    layout="horizontal"
                    value={enabledValue(field.value)}
                    disabled={readOnly}
                    onChange={(_, data) => field.onChange(data.value === 'enabled')}
                  >
                    <Radio value="enabled" label="Enabled" />
                    <Radio value="disabled" label="Disabled" />
                  </RadioGroup>
                </Field>
              )}
            />
            {telemetryEnabled && (
              <Field label="Label" hint="The name of the topology the agent's telemetry is pushed under">
                <Controller
                  name="label"
                  control={form.control}
                  render={({ field }) => <Input value={field.value} onChange={(_, data) => field.onChange(data.value)} ref={field.ref} disabled={readOnly} />}
                />
              </Field>
            )}
          </form>
        </FormProvider>
      </DrawerBody>
      {canWrite && (
        <DrawerFooter>
          <div className={styles.footer}>
            <span>
              {agent && (
                <Button appearance="secondary" disabled={saving} onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              )}
            </span>
            <Button appearance="primary" type="submit" form="agent-form" disabled={saving}>
              {saving ? AGENT_MESSAGES.saving : agent ? 'Save' : 'Next'}
            </Button>
          </div>
        </DrawerFooter>
      )}
      {agent && deleting && (
        <DeleteAgentDialogs
          agentId={agent.id}
          onCancel={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            onChanged();
            onClose();
          }}
        />
      )}
    </OverlayDrawer>
  );
}
