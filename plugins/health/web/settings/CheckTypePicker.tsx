import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Code20Regular, HeartPulse20Regular } from '@fluentui/react-icons';
import type { CheckType } from '../checkTypes';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: tokens.spacingHorizontalS },
  tile: { height: '64px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

export const CUSTOM_TYPE = 'custom';

export interface CheckTypePickerProps {
  /** The registered check types, in their order. */
  types: readonly CheckType[];
  /** A check type id, or CUSTOM_TYPE for the Code tab. */
  onPick(type: string): void;
  disabled?: boolean;
  /** Whether the user holds a type's `savePermission` (the server enforces it; the tile only says so early). */
  mayUse?(type: CheckType): boolean;
}

/** The registered check types with their label and icon (spec 03 types in the spec's order), then Custom (straight to the Code tab). */
export function CheckTypePicker({ types, onPick, disabled, mayUse = () => true }: CheckTypePickerProps) {
  const styles = useStyles();
  return (
    <div className={styles.grid} role="group" aria-label="Check types">
      {types.map((type) => {
        const Icon = type.icon ?? HeartPulse20Regular;
        const refused = !mayUse(type);
        return (
          <Button
            key={type.id}
            className={styles.tile}
            appearance="outline"
            disabled={disabled || refused}
            title={refused ? type.savePermissionHint : undefined}
            onClick={() => onPick(type.id)}
          >
            <Icon />
            {type.label}
          </Button>
        );
      })}
      <Button className={styles.tile} appearance="outline" disabled={disabled} onClick={() => onPick(CUSTOM_TYPE)}>
        <Code20Regular />
        Custom
      </Button>
    </div>
  );
}
