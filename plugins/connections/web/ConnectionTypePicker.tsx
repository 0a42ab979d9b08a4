import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { Registered } from '@web/core/plugin-host';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: tokens.spacingHorizontalM },
  tile: { height: '72px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/** Step 1 of a new connection: choose its type. */
export function ConnectionTypePicker({ types, onPick }: { types: readonly Registered<'connection.types'>[]; onPick(type: string): void }) {
  const styles = useStyles();
  return (
    <div className={styles.grid} role="group" aria-label="Connection types">
      {types.map((type) => {
        const Icon = type.icon;
        return (
          <Button key={type.id} className={styles.tile} appearance="outline" onClick={() => onPick(type.id)}>
            {Icon && <Icon />}
            {type.label}
          </Button>
        );
      })}
    </div>
  );
}
