import { useMemo, useState } from 'react';
import { Button, Caption1, Checkbox, Field, Input, MessageBar, MessageBarBody, Subtitle2, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import useSWR from 'swr';
import { z } from 'zod';
import type { ApiError } from '@web/core/api';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { FieldSpecForm, type FieldControlProps } from '@web/core/forms/FieldSpecForm';
import { NOT_A_NUMBER_MESSAGE } from '@web/core/forms/fieldValues';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useCopyToClipboard } from '@web/core/hooks/useCopyToClipboard';
import { type ChartValueField, type IntegrationChart, chartPath, chartValueFields, defaultValues, missingRequired, setValues, valueAt } from './chartValues';
import type { GitOpsOption } from './integrationOptions';
import { GITOPS_DEFAULT_NAMESPACE, fluxSnippet, helmSnippet, namespaceProblem } from './installSnippets';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(280px, 2fr) 3fr', gap: tokens.spacingHorizontalXL, alignItems: 'start' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  snippetHeader: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  code: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre',
    overflow: 'auto',
    maxHeight: '60vh',
  },
});

interface InstallForm {
  namespace: string;
  values: Record<string, unknown>;
}

/** Namespace and the values' numbers checked as typed; a required value left blank is named above the snippets instead. */
function formSchema(fields: readonly ChartValueField[]) {
  return z.object({ namespace: z.string(), values: z.record(z.unknown()) }).superRefine((form, ctx) => {
    const problem = namespaceProblem(form.namespace);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['namespace'], message: problem });
    for (const { field } of fields) {
      if (field.kind === 'number' && typeof valueAt(form.values, field.name) === 'string') {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['values', ...field.name.split('.')], message: NOT_A_NUMBER_MESSAGE });
      }
    }
  });
}

/** A chart's booleans are stored as true or false: unticking a default-on value must say false, not leave it out. */
function BooleanControl({ field, value, onChange, disabled }: FieldControlProps) {
  return <Checkbox label={field.label} checked={value === true} disabled={disabled} onChange={(_, data) => onChange(data.checked === true)} />;
}

function Snippets({ chart, option, fields }: { chart: IntegrationChart; option: GitOpsOption; fields: readonly ChartValueField[] }) {
  const styles = useStyles();
  const copy = useCopyToClipboard();
  const [tab, setTab] = useState<'flux' | 'helm'>('flux');
  const namespaceInput = useWatch<InstallForm, 'namespace'>({ name: 'namespace' });
  const formValues = useWatch<InstallForm, 'values'>({ name: 'values' });
  const namespace = namespaceProblem(namespaceInput) ? GITOPS_DEFAULT_NAMESPACE : namespaceInput;
  const values = setValues(formValues);
  const missing = missingRequired(fields, formValues);
  const text = tab === 'flux' ? fluxSnippet(chart, namespace, values) : helmSnippet(chart, namespace, values);
  return (
    <div className={styles.column}>
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'flux' | 'helm')}>
        <Tab value="flux">Flux</Tab>
        <Tab value="helm">Helm CLI</Tab>
      </TabList>
      {tab === 'flux' && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            {option.id === 'kubernetes'
              ? 'The Kubernetes chart must be installed in Flux: the other GitOps integrations depend on it.'
              : 'The Kubernetes chart must be installed in Flux: this integration depends on it.'}
          </MessageBarBody>
        </MessageBar>
      )}
      {missing.length > 0 && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>Fill in {missing.join(', ')} to complete the snippet.</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.snippetHeader}>
        <Caption1>
          {chart.chart}
          {chart.version ? ` ${chart.version}` : ''} from {chart.repository.url}
        </Caption1>
        <Button icon={<Copy20Regular />} appearance="subtle" onClick={() => void copy(text)}>
          Copy
        </Button>
      </div>
      <pre className={styles.code} data-testid={`${tab}-snippet`}>
        {text}
      </pre>
    </div>
  );
}

function InstallFormAndSnippets({ chart, option }: { chart: IntegrationChart; option: GitOpsOption }) {
  const styles = useStyles();
  const fields = useMemo(() => chartValueFields(chart.valuesSchema), [chart]);
  const form = useForm<InstallForm>({
    mode: 'onChange',
    defaultValues: { namespace: GITOPS_DEFAULT_NAMESPACE, values: defaultValues(fields) },
    resolver: zodResolver(formSchema(fields)),
  });
  const namespaceError = form.formState.errors.namespace?.message;
  return (
    <FormProvider {...form}>
      <div className={styles.root}>
        <form className={styles.column} aria-label={`${option.label} values`} onSubmit={(event) => event.preventDefault()}>
          <Subtitle2>Values</Subtitle2>
          <Field label="Namespace" required validationState={namespaceError ? 'error' : 'none'} validationMessage={namespaceError}>
            <Controller
              name="namespace"
              control={form.control}
              render={({ field }) => <Input value={field.value} onChange={(_, data) => field.onChange(data.value)} onBlur={field.onBlur} ref={field.ref} />}
            />
          </Field>
          <FieldSpecForm fields={fields.map(({ field }) => field)} name="values" values="spec" controls={{ boolean: BooleanControl }} />
        </form>
        <Snippets chart={chart} option={option} fields={fields} />
      </div>
    </FormProvider>
  );
}

/** A GitOps tile's page (spec 03 §2): the namespace and the chart's values, then the Flux and Helm CLI snippets. */
export function GitOpsInstall({ option }: { option: GitOpsOption }) {
  const { data, error } = useSWR<IntegrationChart, ApiError>(chartPath(option.id), { revalidateOnFocus: false });
  if (error) return <ErrorPanel error={error} title={`Could not load the ${option.label} chart`} />;
  if (!data) return <Loading label="Loading the chart..." />;
  return <InstallFormAndSnippets key={`${data.chart}@${data.version}`} chart={data} option={option} />;
}
