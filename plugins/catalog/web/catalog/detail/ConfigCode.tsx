import { useRef } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { configBody } from './configBody';
import { nextSelection, selectedLines, withSelection } from './lineSelection';

const useStyles = makeStyles({
  root: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'auto',
    margin: 0,
    padding: `${tokens.spacingVerticalXS} 0`,
  },
  line: { display: 'flex', minHeight: '18px' },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  number: {
    minWidth: '48px',
    textAlign: 'right',
    paddingRight: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground3,
    background: 'none',
    border: 'none',
    cursor: 'pointer',
    fontFamily: 'inherit',
    fontSize: 'inherit',
    userSelect: 'none',
  },
  text: { whiteSpace: 'pre', paddingRight: tokens.spacingHorizontalM },
});

/**
 * The config body as read-only code with line numbers (spec 02 Config detail). Clicking a line number toggles the line
 * in the URL (`selected=`), shift-click selects a range; selected lines are highlighted.
 */
export function ConfigCode({ config, format }: { config: unknown; format: string | null }) {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const anchor = useRef<number | null>(null);
  const body = configBody(config, format);
  const lines = body.text.replace(/\n$/, '').split('\n');
  const selected = selectedLines(params);

  const select = (line: number, shift: boolean) => {
    const lines = nextSelection(selected, line, anchor.current, shift);
    anchor.current = line;
    setParams((current) => withSelection(current, lines), { replace: true });
  };

  return (
    <pre className={styles.root} aria-label={`Config (${body.format})`} data-format={body.format}>
      {lines.map((text, index) => {
        const line = index + 1;
        const isSelected = selected.has(line);
        return (
          <div key={line} className={mergeClasses(styles.line, isSelected && styles.selected)} data-selected={isSelected || undefined}>
            <button
              type="button"
              className={styles.number}
              aria-label={`Line ${line}`}
              aria-pressed={isSelected}
              onClick={(event) => select(line, event.shiftKey)}
            >
              {line}
            </button>
            <code className={styles.text}>{text}</code>
          </div>
        );
      })}
    </pre>
  );
}
