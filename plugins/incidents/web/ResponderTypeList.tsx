import { Body1, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { NO_RESPONDER_TYPES, RESPONDER_TYPE_LIST_ROWS, type ResponderTypeOption } from './responderTypes';

const ROW_HEIGHT_PX = 40;

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    maxHeight: `${RESPONDER_TYPE_LIST_ROWS * ROW_HEIGHT_PX}px`,
    overflowY: 'auto',
  },
  item: { justifyContent: 'flex-start', minHeight: `${ROW_HEIGHT_PX - 4}px` },
});

export interface ResponderTypeListProps {
  types: readonly ResponderTypeOption[];
  selected: string | null;
  onSelect(id: string): void;
}

/** Step 2: the team's responder types; the list scrolls beyond six entries. */
export function ResponderTypeList({ types, selected, onSelect }: ResponderTypeListProps) {
  const styles = useStyles();
  if (types.length === 0) return <Body1>{NO_RESPONDER_TYPES}</Body1>;
  return (
    <div className={styles.list} role="group" aria-label="Responder types" data-testid="responder-types">
      {types.map((type) => {
        const Icon = type.icon;
        return (
          <ToggleButton
            key={type.id}
            className={styles.item}
            appearance="subtle"
            checked={selected === type.id}
            icon={Icon ? <Icon /> : undefined}
            onClick={() => onSelect(type.id)}
          >
            {type.label}
          </ToggleButton>
        );
      })}
    </div>
  );
}
