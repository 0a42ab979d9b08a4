import { Button, Popover, PopoverSurface, PopoverTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular } from '@fluentui/react-icons';
import type { TriState } from '@contracts';
import { TriStateToggle } from '@web/core/components/TriStateToggle';
import { type FilterMarks, parseMarks, serializeMarks } from '../catalogApi';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxHeight: '360px', overflowY: 'auto', alignItems: 'flex-start' },
});

/**
 * Labels include/exclude (spec 02 Catalog): each `key=value` cycles none → include (`:1`) → exclude (`:-1`); the value
 * is the URL's `key=value:1,key=value:-1` text.
 */
export function LabelsFilter({ pairs, value, onChange }: { pairs: readonly { key: string; value: string }[]; value: string; onChange(value: string): void }) {
  const styles = useStyles();
  const marks = parseMarks(value);
  const count = Object.keys(marks).length;
  const setMark = (id: string, state: TriState) => {
    const next: FilterMarks = { ...marks };
    if (state === 0) delete next[id];
    else next[id] = state;
    onChange(serializeMarks(next));
  };
  return (
    <Popover positioning="below-start" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button icon={<ChevronDown16Regular />} iconPosition="after" aria-label="Labels">
          {count ? `Labels: ${count} selected` : 'Labels: All'}
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label="Labels">
        <div className={styles.list}>
          {pairs.length === 0 && 'No options found'}
          {pairs.map((pair) => {
            const id = `${pair.key}=${pair.value}`;
            return <TriStateToggle key={id} label={id} value={(marks[id] ?? 0) as TriState} onChange={(state) => setMark(id, state)} />;
          })}
        </div>
      </PopoverSurface>
    </Popover>
  );
}
