import { type ReactNode, useState } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  toggle: { alignSelf: 'flex-start', minWidth: 0, paddingLeft: 0, paddingRight: 0 },
});

export const SHOW_MORE = 'show more';
export const SHOW_LESS = 'show less';

/** The first `limit` items, and a 'show more' that reveals the rest (spec 02 §4: beyond 6 properties or 5 summaries). */
export function ShowMore<T>({ items, limit, render, label }: { items: readonly T[]; limit: number; render(item: T): ReactNode; label: string }) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, limit);
  return (
    <>
      {shown.map(render)}
      {items.length > limit && (
        <Button
          className={styles.toggle}
          appearance="transparent"
          size="small"
          aria-expanded={expanded}
          aria-label={`${expanded ? SHOW_LESS : SHOW_MORE}: ${label}`}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? SHOW_LESS : SHOW_MORE}
        </Button>
      )}
    </>
  );
}
