import { useMemo, useState } from 'react';
import { ToggleButton, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { type DiffLineKind, type DiffSide, splitRows, unifiedRows } from './diffRows';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  modes: { display: 'flex', gap: tokens.spacingHorizontalXS },
  table: { borderCollapse: 'collapse', width: '100%', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, tableLayout: 'fixed' },
  number: { width: '48px', textAlign: 'right', paddingRight: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3, userSelect: 'none' },
  text: { whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
  hunk: { color: tokens.colorNeutralForeground3, backgroundColor: tokens.colorNeutralBackground3 },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2 },
  removed: { backgroundColor: tokens.colorPaletteRedBackground2 },
  context: {},
  raw: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'pre-wrap' },
});

const SIGN: Record<DiffLineKind, string> = { added: '+', removed: '-', context: ' ' };

/** A stored unified diff shown unified or side by side (the change details modal, spec 02 Config changes). */
export function DiffView({ diff }: { diff: string }) {
  const styles = useStyles();
  const [mode, setMode] = useState<'split' | 'unified'>('split');
  // A diff the parser cannot read is still worth showing as text.
  const parsed = useMemo(() => {
    try {
      return { unified: unifiedRows(diff), split: splitRows(diff) };
    } catch {
      return null;
    }
  }, [diff]);
  if (!parsed) return <pre className={styles.raw}>{diff}</pre>;

  const side = (line: DiffSide | undefined) => [
    <td key="n" className={styles.number}>
      {line?.number}
    </td>,
    <td key="t" className={mergeClasses(styles.text, line && styles[line.kind])} data-kind={line?.kind}>
      {line?.text}
    </td>,
  ];

  return (
    <div className={styles.root}>
      <div className={styles.modes} role="group" aria-label="Diff layout">
        <ToggleButton size="small" checked={mode === 'split'} onClick={() => setMode('split')}>
          Side by side
        </ToggleButton>
        <ToggleButton size="small" checked={mode === 'unified'} onClick={() => setMode('unified')}>
          Unified
        </ToggleButton>
      </div>
      {mode === 'split' ? (
        <table className={styles.table} aria-label="Side by side diff">
          {/* A fixed layout takes column widths from the first row, which may be a hunk spanning all four. */}
          <colgroup>
            <col className={styles.number} />
            <col />
            <col className={styles.number} />
            <col />
          </colgroup>
          <tbody>
            {parsed.split.map((row, index) =>
              row.hunk ? (
                <tr key={index} className={styles.hunk}>
                  <td colSpan={4}>{row.hunk}</td>
                </tr>
              ) : (
                <tr key={index}>
                  {side(row.left)}
                  {side(row.right)}
                </tr>
              ),
            )}
          </tbody>
        </table>
      ) : (
        <table className={styles.table} aria-label="Unified diff">
          <colgroup>
            <col className={styles.number} />
            <col className={styles.number} />
            <col />
          </colgroup>
          <tbody>
            {parsed.unified.map((row, index) =>
              row.kind === 'hunk' ? (
                <tr key={index} className={styles.hunk}>
                  <td colSpan={3}>{row.text}</td>
                </tr>
              ) : (
                <tr key={index} className={styles[row.kind]} data-kind={row.kind}>
                  <td className={styles.number}>{row.oldNumber}</td>
                  <td className={styles.number}>{row.newNumber}</td>
                  <td className={styles.text}>{`${SIGN[row.kind]} ${row.text}`}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
    </div>
  );
}
