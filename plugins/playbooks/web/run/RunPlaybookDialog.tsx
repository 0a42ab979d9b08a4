import { useState } from 'react';
import { Body1, Button, Field, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import {
  FIELD_REQUIRED,
  type PlaybookParameter,
  type PlaybookParamsResponse,
  type PlaybookSpec,
  type SearchableResource,
  parametersProblems,
  playbookResourceKinds,
} from '@contracts';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { isApiError } from '@web/core/api';
import { Dialog } from '@web/core/components/Dialog';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { useToast } from '@web/core/components/useToast';
import { isPlainObject } from '@web/core/editor/resourceDocument';
import { PlaybookIcon } from '../PlaybookIcon';
import { type RunResource, fetchRunParameters, playbookRunPath, runPlaybook } from '../playbooks/playbooksApi';
import { ParameterField } from './ParameterField';
import { ResourcePicker } from './ResourcePicker';

export const NO_PARAMETERS = 'No parameters for this playbook.';
export const SELECT_RESOURCE = 'Please select a resource to see the parameters.';
export const NO_RESOURCE_NEEDED = 'This playbook runs without a resource.';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  params: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalM },
  title: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** What the dialog needs of a playbook: a card's row, or an item of the run button's menu (no spec). */
export interface RunnablePlaybook {
  id: string;
  name: string;
  title: string | null;
  icon: string | null;
  spec?: Pick<PlaybookSpec, 'configs' | 'checks' | 'components'> | null;
}

const KIND_LABELS: Record<SearchableResource, string> = { config: 'Config', check: 'Check', component: 'Component' };

function initialValue(param: PlaybookParameter): string {
  if (param.default !== undefined && param.default !== null) return String(param.default);
  return param.type === 'checkbox' ? 'false' : '';
}

/** A 400's problems by parameter (`details.params`, as the gateway's error body carries them, or `params`). */
function paramProblemsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || !isPlainObject(error.body)) return {};
  const { details, params } = error.body;
  const problems = isPlainObject(details) && isPlainObject(details.params) ? details.params : params;
  if (!isPlainObject(problems)) return {};
  return Object.fromEntries(Object.entries(problems).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** What the user entered for one answer of the parameters call (a new resource's parameters start again). */
interface Entries {
  source: PlaybookParamsResponse | undefined;
  values: Record<string, string>;
  touched: Record<string, boolean>;
  /** The last run's 400, by parameter, until the field changes. */
  server: Record<string, string>;
}

export interface RunPlaybookDialogProps {
  playbook: RunnablePlaybook;
  /** The resource the run is against when the caller knows it (the run button of a config, check or component). */
  resource?: RunResource | null;
  onClose(): void;
}

/**
 * The run dialog (spec 02 §2, §5): Resource (fixed, picked among the resources the playbook applies to, or none when
 * it has no selectors), then the Playbook Parameters with their defaults resolved for that resource. Run is enabled
 * when the values pass the parameters' rules (`parameterProblem`, shared with the gateway) and no run is starting;
 * once it has started the user goes to the run's page.
 */
export function RunPlaybookDialog({ playbook, resource: preset, onClose }: RunPlaybookDialogProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const kinds = preset ? [preset.kind] : playbookResourceKinds(playbook.spec);
  const needsResource = Boolean(preset) || kinds.length > 0;
  const [picked, setPicked] = useState<RunResource | null>(null);
  const resource = preset ?? picked;
  const ready = !needsResource || resource !== null;

  const { data, error, isLoading } = useSWR(
    ready ? ['playbook-params', playbook.id, resource?.kind ?? '', resource?.id ?? ''] : null,
    () => fetchRunParameters(playbook.id, resource),
    { revalidateOnFocus: false },
  );
  const params = data?.params ?? [];
  const [entries, setEntries] = useState<Entries>({ source: undefined, values: {}, touched: {}, server: {} });
  const current: Entries =
    entries.source === data && data
      ? entries
      : { source: data, values: Object.fromEntries(params.map((p) => [p.name, initialValue(p)])), touched: {}, server: {} };
  const problems = parametersProblems(params, current.values);
  const [running, setRunning] = useState(false);

  const shownProblem = (name: string) => {
    const problem = current.server[name] ?? problems[name];
    // 'This field is required' waits until the user has been to the field; other rules speak at once.
    return problem && (problem !== FIELD_REQUIRED || current.touched[name]) ? problem : undefined;
  };
  const update = (name: string, change: { value?: string; touched?: boolean }) =>
    setEntries({
      ...current,
      values: change.value === undefined ? current.values : { ...current.values, [name]: change.value },
      touched: { ...current.touched, [name]: true },
      server: change.value === undefined ? current.server : Object.fromEntries(Object.entries(current.server).filter(([key]) => key !== name)),
    });

  const canRun = Boolean(playbook.id) && ready && Boolean(data) && !running && Object.keys(problems).length === 0;

  const run = async () => {
    setRunning(true);
    try {
      const sent = Object.fromEntries(Object.entries(current.values).filter(([, value]) => value !== ''));
      const { run_id } = await runPlaybook(playbook.id, resource, sent);
      onClose();
      navigate(playbookRunPath(run_id));
    } catch (cause) {
      // The answer's `error`, else its `message` (spec 02 §8); parameter problems go under their fields.
      toast.error(cause);
      const server = paramProblemsOf(cause);
      setEntries({ ...current, server, touched: { ...current.touched, ...Object.fromEntries(Object.keys(server).map((k) => [k, true])) } });
      setRunning(false);
    }
  };

  const title = playbook.title || playbook.name;
  const parameters = (() => {
    if (!ready) return <Body1>{SELECT_RESOURCE}</Body1>;
    if (error && !data) return <ErrorPanel error={error} />;
    if (isLoading || !data) return <Loading />;
    if (!params.length) return <Body1>{NO_PARAMETERS}</Body1>;
    return (
      <div className={styles.params}>
        {params.map((param) => (
          <ParameterField
            key={param.name}
            param={param}
            value={current.values[param.name] ?? ''}
            onChange={(value) => update(param.name, { value })}
            onBlur={() => update(param.name, { touched: true })}
            problem={shownProblem(param.name)}
          />
        ))}
      </div>
    );
  })();

  return (
    <Dialog
      open
      size="medium"
      onClose={onClose}
      title={
        <span className={styles.title}>
          <PlaybookIcon icon={playbook.icon} />
          {`Run ${title}`}
        </span>
      }
      actions={
        <>
          <Button appearance="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button appearance="primary" disabled={!canRun} onClick={() => void run()}>
            {running ? 'Running...' : 'Run'}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <section className={styles.section} aria-label="Resource">
          <Subtitle2 as="h3">Resource</Subtitle2>
          {preset ? (
            <Body1>{`${KIND_LABELS[preset.kind]}: ${preset.name ?? preset.id}`}</Body1>
          ) : needsResource ? (
            <Field label={kinds.map((kind) => KIND_LABELS[kind]).join(' / ')} required>
              <ResourcePicker label="Resource" kinds={kinds} playbookId={playbook.id} value={picked} onChange={setPicked} />
            </Field>
          ) : (
            <Body1>{NO_RESOURCE_NEEDED}</Body1>
          )}
        </section>
        <section className={styles.section} aria-label="Playbook Parameters">
          <Subtitle2 as="h3">Playbook Parameters</Subtitle2>
          {parameters}
        </section>
      </div>
    </Dialog>
  );
}
