import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Code20Regular, HeartPulse20Regular } from '@fluentui/react-icons';
import { CHECK_TYPES_IN_EDITOR, CHECK_TYPE_LABELS } from '@contracts';
import type { Registered } from '@web/core/plugin-host';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: tokens.spacingHorizontalS },
  tile: { height: '64px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

export const CUSTOM_TYPE = 'custom';

export interface CheckTypePickerProps {
  /** Types with an editor form (their icon is shown). */
  contributed: readonly Registered<'health.checkTypes'>[];
  /** A check type id, or CUSTOM_TYPE for the Code tab. */
  onPick(type: string): void;
  disabled?: boolean;
  /** Whether the user holds a type's `savePermission` (the server enforces it; the tile only says so early). */
  mayUse?(type: Registered<'health.checkTypes'>): boolean;
}

/** Spec 03 health check types in the spec's order, then Custom (straight to the Code tab). */
export function CheckTypePicker({ contributed, onPick, disabled, mayUse = () => true }: CheckTypePickerProps) {
  const styles = useStyles();
  const byId = new Map(contributed.map((type) => [type.id, type]));
  return (
    <div className={styles.grid} role="group" aria-label="Check types">
      {CHECK_TYPES_IN_EDITOR.map((type) => {
        const contribution = byId.get(type);
        const Icon = contribution?.icon ?? HeartPulse20Regular;
        const refused = contribution !== undefined && !mayUse(contribution);
        return (
          <Button
            key={type}
            className={styles.tile}
            appearance="outline"
            disabled={disabled || refused}
            title={refused ? contribution.savePermissionHint : undefined}
            onClick={() => onPick(type)}
          >
            <Icon />
            {CHECK_TYPE_LABELS[type] ?? type}
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
