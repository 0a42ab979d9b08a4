import { Suspense, lazy } from 'react';
import {
  Button,
  Combobox,
  Field,
  Input,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Option,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Loading } from '@web/core/components/Loading';
import { useShownError } from '@web/core/forms/FieldSpecForm';
import type { TypeExtension } from '@web/core/plugin-host';
import { type PlaybookFormValues, addActionToSpec, parseSpecText } from './playbookDocument';

const YamlEditor = lazy(() => import('@web/core/editor/YamlEditor'));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Fields keep their own height (a stretched Field grows its input): the inputs of a row line up, hints hang below.
  meta: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', alignItems: 'start', gap: tokens.spacingHorizontalM },
  specHeader: { display: 'flex', justifyContent: 'flex-end' },
});

type TextField = 'name' | 'title' | 'icon';

function TextInput({ name, label, required, hint }: { name: TextField; label: string; required?: boolean; hint?: string }) {
  const { control } = useFormContext<PlaybookFormValues>();
  const problem = useShownError(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Field label={label} required={required} hint={hint} validationState={problem ? 'error' : 'none'} validationMessage={problem}>
          <Input ref={field.ref} value={field.value} onChange={(_, d) => field.onChange(d.value)} onBlur={field.onBlur} />
        </Field>
      )}
    />
  );
}

export interface PlaybookFormTabProps {
  /** Categories of the other playbooks, offered by the Category field. */
  categories: readonly string[];
  /** `playbooks.actionTypes` the user may see: the "Add action" helper's snippets. */
  actionTypes: readonly TypeExtension[];
}

/** The spec form's fields (spec 02): name, title, icon, description, category, and the rest of the spec as YAML. */
export function PlaybookFormTab({ categories, actionTypes }: PlaybookFormTabProps) {
  const styles = useStyles();
  const { control, getValues, setValue, formState } = useFormContext<PlaybookFormValues>();
  const specProblem = useShownError('spec');
  const specText = useWatch({ control, name: 'spec' });
  const parsed = parseSpecText(specText);

  const addAction = (type: TypeExtension) => {
    const next = addActionToSpec(getValues('spec'), type.id, type.fields);
    if (next !== null) setValue('spec', next, { shouldValidate: formState.isSubmitted, shouldDirty: true });
  };

  return (
    <div className={styles.root}>
      <div className={styles.meta}>
        <TextInput name="title" label="Title" required />
        <TextInput name="name" label="Name" hint="Lowercase letters, digits, '-' and '.'; made from the title when empty" />
        <TextInput name="icon" label="Icon" />
        <Controller
          name="category"
          control={control}
          render={({ field }) => (
            <Field label="Category">
              <Combobox
                freeform
                ref={field.ref}
                value={field.value}
                selectedOptions={[field.value]}
                onOptionSelect={(_, d) => d.optionValue !== undefined && field.onChange(d.optionValue)}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                {categories.map((category) => (
                  <Option key={category}>{category}</Option>
                ))}
              </Combobox>
            </Field>
          )}
        />
      </div>
      <Controller
        name="description"
        control={control}
        render={({ field }) => (
          <Field label="Description">
            <Textarea ref={field.ref} value={field.value} resize="vertical" onChange={(_, d) => field.onChange(d.value)} onBlur={field.onBlur} />
          </Field>
        )}
      />
      {actionTypes.length > 0 && (
        <div className={styles.specHeader}>
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button size="small" icon={<Add20Regular />} disabled={!parsed.ok}>
                Add action
              </Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {actionTypes.map((type) => (
                  <MenuItem key={type.id} icon={type.icon ? <type.icon /> : undefined} onClick={() => addAction(type)}>
                    {type.label}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        </div>
      )}
      <Controller
        name="spec"
        control={control}
        render={({ field }) => (
          <Field label="Spec" required validationState={specProblem ? 'error' : 'none'} validationMessage={specProblem}>
            <Suspense fallback={<Loading label="Loading editor..." />}>
              <YamlEditor
                value={field.value}
                onChange={field.onChange}
                markers={!parsed.ok && parsed.error.line ? [{ message: parsed.error.message, line: parsed.error.line, column: parsed.error.column }] : []}
                ariaLabel="Spec YAML"
              />
            </Suspense>
          </Field>
        )}
      />
    </div>
  );
}
