import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import type { AgentFormState } from './agentForm';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: tokens.spacingHorizontalS },
  add: { alignSelf: 'flex-start' },
});

/** The agent's labels as key/value rows. */
export function PropertiesEditor({ disabled }: { disabled?: boolean }) {
  const styles = useStyles();
  const { control } = useFormContext<AgentFormState>();
  const { fields, append, remove } = useFieldArray({ control, name: 'properties' });
  return (
    <div className={styles.root}>
      {fields.map((field, index) => (
        <div key={field.id} className={styles.row}>
          {(['key', 'value'] as const).map((part) => (
            <Controller
              key={part}
              name={`properties.${index}.${part}`}
              control={control}
              render={({ field: input }) => (
                <Input
                  aria-label={`Property ${index + 1} ${part}`}
                  placeholder={part === 'key' ? 'Key' : 'Value'}
                  disabled={disabled}
                  value={input.value}
                  onChange={(_, data) => input.onChange(data.value)}
                  ref={input.ref}
                />
              )}
            />
          ))}
          <Button
            aria-label={`Remove property ${index + 1}`}
            appearance="subtle"
            icon={<Delete20Regular />}
            disabled={disabled}
            onClick={() => remove(index)}
          />
        </div>
      ))}
      {!disabled && (
        <Button className={styles.add} size="small" icon={<Add20Regular />} onClick={() => append({ key: '', value: '' })}>
          Add property
        </Button>
      )}
    </div>
  );
}
