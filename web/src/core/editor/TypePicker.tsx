import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Code20Regular, type FluentIcon } from '@fluentui/react-icons';
import type { TypeExtension } from '@web/core/plugin-host';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: tokens.spacingHorizontalS },
  tile: { height: '64px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

/** The last tile of every picker: no form, straight to the Code tab. */
export const CUSTOM_TYPE = 'custom';

export interface TypePickerProps {
  /** The registered types (check types, scraper types...), in their order. */
  types: readonly TypeExtension[];
  /** A type id, or CUSTOM_TYPE for the Code tab. */
  onPick(type: string): void;
  /** The grid's accessible name, e.g. 'Check types'. */
  ariaLabel: string;
  /** The icon of a type that brings none. */
  fallbackIcon: FluentIcon;
  disabled?: boolean;
  /** Whether the user holds a type's `savePermission` (the server enforces it; the tile only says so early). */
  mayUse?(type: TypeExtension): boolean;
}

/** The spec 03 type picker grid of a resource spec editor: each registered type with its label and icon, then Custom. */
export function TypePicker({ types, onPick, ariaLabel, fallbackIcon, disabled, mayUse = () => true }: TypePickerProps) {
  const styles = useStyles();
  return (
    <div className={styles.grid} role="group" aria-label={ariaLabel}>
      {types.map((type) => {
        const Icon = type.icon ?? fallbackIcon;
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
