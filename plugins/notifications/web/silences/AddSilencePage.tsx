import { useEffect, useState } from 'react';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@web/core/api/ApiError';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { useToast } from '@web/core/components/useToast';
import { zodResolver } from '@web/core/forms/zodResolver';
import { DurationField } from '../shared/DurationField';
import { ADD_SILENCE_DEFAULTS, type AddSilenceForm, addSilenceInput, addSilenceSchema } from './silenceForm';
import { SilenceResourcePicker } from './SilenceResourcePicker';
import { type PickableKind, SILENCES_PAGE_PATH, createSilence, fetchResourceName } from './silencesApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  canary: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

export const SILENCE_ADDED = 'Silence added successfully';

const KINDS: { value: PickableKind; label: string }[] = [
  { value: 'config', label: 'Catalog' },
  { value: 'component', label: 'Component' },
  { value: 'check', label: 'Check' },
];

/** The form as an address starts it: `?config_id=`, `?component_id=`, `?check_id=` pick a resource, `?canary_id=` a canary. */
function initialValues(params: URLSearchParams): AddSilenceForm {
  const canaryId = params.get('canary_id');
  const named = KINDS.map(({ value }) => ({ kind: value, id: params.get(`${value}_id`) })).find((entry) => entry.id);
  return {
    ...ADD_SILENCE_DEFAULTS,
    kind: named?.kind ?? (canaryId ? 'check' : ADD_SILENCE_DEFAULTS.kind),
    canary: canaryId ? { id: canaryId, name: canaryId } : null,
    resource: named?.id ? { id: named.id, name: named.id } : null,
  };
}

/**
 * /notifications/silences/add (spec 03 Notifications; write on notifications): a Catalog item, Component or Check
 * picked by name (switching the kind clears it; a canary from the address is kept), for a duration (presets 3m … 7d)
 * or until a time, recursive for components and configs, a reason, and label selectors or a CEL filter. POST
 * /api/silence; the server's 400 is shown and the form keeps what was typed.
 */
export default function AddSilencePage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialValues(params));
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, register, handleSubmit, watch, setValue, getValues, formState } = useForm<AddSilenceForm>({
    resolver: zodResolver(addSilenceSchema),
    defaultValues: initial,
  });
  const kind = watch('kind');
  const mode = watch('mode');
  const canary = watch('canary');

  // Names of the resources an address named (the form shows names, not ids).
  useEffect(() => {
    const controller = new AbortController();
    const named: [AddSilenceForm['kind'] | 'canary', string | undefined][] = [
      ['canary', initial.canary?.id],
      [initial.kind, initial.resource?.id],
    ];
    for (const [type, id] of named) {
      if (!id) continue;
      fetchResourceName(type, id, controller.signal).then(
        (name) => {
          if (!name || controller.signal.aborted) return;
          const field = type === 'canary' ? 'canary' : 'resource';
          if (getValues(field)?.id === id) setValue(field, { id, name });
        },
        () => undefined,
      );
    }
    return () => controller.abort();
  }, [initial, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await createSilence(addSilenceInput(values));
    } catch (error) {
      setServerError(errorMessage(error));
      return;
    }
    toast.success(SILENCE_ADDED);
    navigate(SILENCES_PAGE_PATH);
  });

  const { errors, isSubmitting } = formState;
  return (
    <div className={styles.root}>
      <Breadcrumb items={[{ label: 'Notifications', to: '/notifications' }, { label: 'Silences', to: SILENCES_PAGE_PATH }, { label: 'Add Silence' }]} />
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Add silence">
        {serverError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{serverError}</MessageBarBody>
          </MessageBar>
        )}
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <Field label="Resource type">
              <RadioGroup
                layout="horizontal"
                value={field.value}
                onChange={(_, data) => {
                  field.onChange(data.value);
                  // Another kind: the resource picked for the former one goes (a canary stays).
                  setValue('resource', null);
                }}
              >
                {KINDS.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
              </RadioGroup>
            </Field>
          )}
        />
        {canary && (
          <div className={styles.canary} data-testid="silence-canary">
            <Field label="Canary" hint="Silenced when no other resource is picked">
              <span>{canary.name}</span>
            </Field>
            <Button appearance="subtle" size="small" icon={<Dismiss16Regular />} aria-label="Remove canary" onClick={() => setValue('canary', null)} />
          </div>
        )}
        <Controller
          control={control}
          name="resource"
          render={({ field }) => (
            <Field label="Resource" required={!canary} validationMessage={errors.resource?.message}>
              <SilenceResourcePicker
                label="Resource"
                kind={kind}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(errors.resource)}
              />
            </Field>
          )}
        />
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <Field label="Silence for">
              <RadioGroup layout="horizontal" value={field.value} onChange={(_, data) => field.onChange(data.value)}>
                <Radio value="duration" label="Duration" />
                <Radio value="until" label="Until a time" />
              </RadioGroup>
            </Field>
          )}
        />
        {mode === 'duration' ? (
          <Controller
            control={control}
            name="duration"
            render={({ field }) => (
              <DurationField label="Duration" required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.duration?.message} />
            )}
          />
        ) : (
          <Field label="Until" required validationMessage={errors.until?.message}>
            <Input type="datetime-local" {...register('until')} />
          </Field>
        )}
        {kind !== 'check' && (
          <Controller
            control={control}
            name="recursive"
            render={({ field }) => (
              <Switch label="Recursive (silence its children too)" checked={field.value} onChange={(_, data) => field.onChange(data.checked)} />
            )}
          />
        )}
        <Field label="Reason">
          <Textarea {...register('description')} resize="vertical" />
        </Field>
        <Accordion collapsible>
          <AccordionItem value="advanced">
            <AccordionHeader>Advanced</AccordionHeader>
            <AccordionPanel>
              <div className={styles.form}>
                <Field label="Label selectors" hint="e.g. env=prod,team=payments">
                  <Input {...register('selectors')} />
                </Field>
                <Field label="Filter" hint="A CEL expression over the event, e.g. check.name.startsWith('canary-')">
                  <Textarea {...register('filter')} resize="vertical" />
                </Field>
              </div>
            </AccordionPanel>
          </AccordionItem>
        </Accordion>
        <div className={styles.actions}>
          <Button appearance="secondary" onClick={() => navigate(SILENCES_PAGE_PATH)}>
            Cancel
          </Button>
          <Button appearance="primary" type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </div>
  );
}
