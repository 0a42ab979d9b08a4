import { type CSSProperties, Suspense, lazy } from 'react';
import { Checkbox, Field, Input, type InputProps, Select, type SelectProps, Textarea } from '@fluentui/react-components';
import type { PlaybookParameter, PlaybookParameterProperties, SearchableResource } from '@contracts';
import useSWR from 'swr';
import { Loading } from '@web/core/components/Loading';
import { PEOPLE_KEY, TEAMS_KEY, fetchDirectory } from '../playbooks/playbooksApi';
import { ResourcePicker } from './ResourcePicker';

const YamlEditor = lazy(() => import('@web/core/editor/YamlEditor'));

/** A parameter's `size` as the share of the row its field takes (spec 02 §3). */
const SIZE_WIDTHS: Record<NonNullable<PlaybookParameterProperties['size']>, string> = {
  'very-small': '25%',
  small: '40%',
  medium: '60%',
  large: '80%',
  full: '100%',
};
const INPUT_TYPES: readonly NonNullable<InputProps['type']>[] = [
  'number',
  'text',
  'password',
  'email',
  'tel',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
];

export const parameterLabel = (param: PlaybookParameter) => param.label || param.name;

/** A text parameter's HTML input type: its `format` when it is one (bytes, millicores and dns1123 are text). */
function inputType(format: string | undefined): InputProps['type'] {
  return INPUT_TYPES.find((type) => type === format) ?? 'text';
}

const isMultiline = (p: PlaybookParameterProperties) => p.multiline === true || p.multiline === 'true';

/** A picker parameter's `filter` types (`{types: [...]}` or `{type: ...}`). */
function filterTypes(filter: Record<string, unknown> | undefined): string[] | undefined {
  if (!filter) return undefined;
  if (Array.isArray(filter.types)) return filter.types.filter((t): t is string => typeof t === 'string');
  if (typeof filter.type === 'string') return [filter.type];
  return undefined;
}

const optionsOf = (p: PlaybookParameterProperties) => (p.options ?? []).map((o) => (typeof o === 'string' ? { label: o, value: o } : o));

interface DirectorySelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'onBlur'> {
  kind: 'team' | 'people';
  value: string;
  onChange(value: string): void;
  onBlur(): void;
}

/** Teams or people by name; the value is the id. The Field's label and messages are passed on to the select. */
function DirectorySelect({ kind, value, onChange, onBlur, ...fieldProps }: DirectorySelectProps) {
  const key = kind === 'team' ? TEAMS_KEY : PEOPLE_KEY;
  const { data, isLoading } = useSWR(key, fetchDirectory, { revalidateOnFocus: false });
  const entries = data ?? [];
  return (
    <Select {...fieldProps} value={value} onChange={(_, d) => onChange(d.value)} onBlur={onBlur}>
      <option value="">{isLoading ? 'Loading...' : kind === 'team' ? 'Select a team' : 'Select a person'}</option>
      {/* A default that names no entry stays selectable rather than silently changing. */}
      {value && !entries.some((e) => e.id === value) && <option value={value}>{value}</option>}
      {entries.map((entry) => (
        <option key={entry.id} value={entry.id}>
          {entry.name}
        </option>
      ))}
    </Select>
  );
}

export interface ParameterFieldProps {
  param: PlaybookParameter;
  /** What the run sends: a string ('true'/'false' for a checkbox, an id for a picker). */
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  /** Shown under the field. */
  problem?: string;
}

/** One field of the run dialog's Playbook Parameters, drawn by the parameter's type (spec 02 §2, §3). */
export function ParameterField({ param, value, onChange, onBlur, problem }: ParameterFieldProps) {
  const p = param.properties ?? {};
  const type = param.type ?? 'text';
  const label = parameterLabel(param);
  const wide = type === 'code' || (type === 'text' && isMultiline(p));
  const style: CSSProperties = { width: p.size ? SIZE_WIDTHS[p.size] : wide ? '100%' : SIZE_WIDTHS.medium, maxWidth: '100%' };

  const control = (() => {
    switch (type) {
      case 'code':
        return (
          <Suspense fallback={<Loading label="Loading editor..." />}>
            <YamlEditor value={value} onChange={onChange} markers={[]} ariaLabel={`${label} (${p.language ?? 'yaml'})`} />
          </Suspense>
        );
      case 'checkbox':
        return <Checkbox checked={value === 'true'} onChange={(_, d) => onChange(d.checked ? 'true' : 'false')} onBlur={onBlur} />;
      case 'list':
        return (
          <Select value={value} onChange={(_, d) => onChange(d.value)} onBlur={onBlur}>
            <option value="">Select an option</option>
            {optionsOf(p).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        );
      case 'team':
      case 'people':
        return <DirectorySelect kind={type} value={value} onChange={onChange} onBlur={onBlur} />;
      case 'config':
      case 'check':
      case 'component':
        return (
          <ResourcePicker
            label={label}
            kinds={[type as SearchableResource]}
            types={filterTypes(p.filter)}
            value={value ? { kind: type, id: value } : null}
            onChange={(resource) => onChange(resource?.id ?? '')}
            onBlur={onBlur}
          />
        );
      default:
        return isMultiline(p) ? (
          <Textarea value={value} resize="vertical" onChange={(_, d) => onChange(d.value)} onBlur={onBlur} />
        ) : (
          <Input type={inputType(p.format)} value={value} min={p.min} max={p.max} onChange={(_, d) => onChange(d.value)} onBlur={onBlur} />
        );
    }
  })();

  return (
    <Field
      label={label}
      hint={param.description}
      required={Boolean(param.required)}
      style={style}
      validationState={problem ? 'error' : 'none'}
      validationMessage={problem}
      data-parameter={param.name}
    >
      {control}
    </Field>
  );
}
