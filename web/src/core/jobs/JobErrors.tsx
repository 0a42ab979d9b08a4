import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  pre: { margin: 0, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  key: { fontWeight: tokens.fontWeightSemibold },
});

export const detailText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** A job's errors (spec 03 §8): a string, a list (of strings or objects) or a map of key → string or object. */
export function JobErrors({ errors }: { errors: unknown }) {
  const styles = useStyles();
  if (Array.isArray(errors)) {
    return (
      <ul className={styles.list} aria-label="Errors">
        {errors.map((error, index) => (
          <li key={index} className={styles.pre}>
            {detailText(error)}
          </li>
        ))}
      </ul>
    );
  }
  if (errors && typeof errors === 'object') {
    return (
      <ul className={styles.list} aria-label="Errors">
        {Object.entries(errors).map(([key, error]) => (
          <li key={key} className={styles.pre}>
            <span className={styles.key}>{key}</span>: {detailText(error)}
          </li>
        ))}
      </ul>
    );
  }
  return <pre className={styles.pre}>{detailText(errors)}</pre>;
}
