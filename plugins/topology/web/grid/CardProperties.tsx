import { Caption1, Link, ProgressBar, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Open12Regular } from '@fluentui/react-icons';
import { CARD_SHOW_MORE, type ComponentProperty } from '@contracts';
import { ShowMore } from './ShowMore';
import { cardProperties, displayProperty, propertyLabel, safeHttpUrl } from './properties';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  row: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, minWidth: 0 },
  term: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flexShrink: 1, minWidth: '40px' },
  cell: { display: 'flex', justifyContent: 'flex-end', textAlign: 'right', minWidth: 0 },
  value: { margin: 0, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '2px', minWidth: 0, overflowWrap: 'anywhere' },
  headline: { fontWeight: tokens.fontWeightSemibold },
  alert: { color: tokens.colorPaletteRedForeground1 },
  // In a column aligned to the end a bar has no width of its own.
  bar: { width: '96px' },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/** A property's value: a link for a safe url, formatted text otherwise, a bar when it has a max (red over 70 %). */
export function PropertyValue({ property }: { property: ComponentProperty }) {
  const styles = useStyles();
  const shown = displayProperty(property);
  const text =
    shown.kind === 'url' && shown.href ? (
      <Link href={shown.href} target="_blank" rel="noopener noreferrer" inline>
        {shown.text.replace(/^https?:\/\//i, '')} <Open12Regular aria-hidden />
      </Link>
    ) : (
      <span className={mergeClasses(shown.alert && styles.alert)} data-alert={shown.alert ? 'true' : undefined}>
        {shown.text}
      </span>
    );
  const links = (property.links ?? []).map((link) => ({ ...link, href: safeHttpUrl(link.url) })).filter((link) => link.href);
  const body = (
    <>
      {text}
      {shown.ratio !== undefined && (
        <ProgressBar
          className={styles.bar}
          value={Math.min(Math.max(shown.ratio, 0), 1)}
          color={shown.alert ? 'error' : 'brand'}
          thickness="medium"
          aria-label={`${propertyLabel(property)}: ${Math.round(shown.ratio * 100)}%`}
        />
      )}
      {links.length > 0 && (
        <span className={styles.links}>
          {links.map((link) => (
            <Link key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" inline>
              {link.label || link.href}
            </Link>
          ))}
        </span>
      )}
    </>
  );
  const title = property.tooltip || shown.title;
  return title ? (
    <Tooltip content={title} relationship="description">
      <span className={styles.value}>{body}</span>
    </Tooltip>
  ) : (
    <span className={styles.value}>{body}</span>
  );
}

/** A card's properties: headline ones first, then the others; 'show more' beyond 6 (hidden ones are not drawn). */
export function CardProperties({ properties, componentName }: { properties: readonly ComponentProperty[] | null | undefined; componentName: string }) {
  const styles = useStyles();
  const shown = cardProperties(properties);
  if (shown.length === 0) return null;
  return (
    <div className={styles.list} role="group" aria-label={`Properties of ${componentName}`}>
      <ShowMore
        items={shown}
        limit={CARD_SHOW_MORE.properties}
        label={`properties of ${componentName}`}
        render={(property) => (
          <div key={property.name} className={styles.row} data-testid="card-property" data-headline={property.headline ? 'true' : undefined}>
            <Caption1 className={mergeClasses(styles.term, property.headline && styles.headline)}>{propertyLabel(property)}</Caption1>
            <span className={mergeClasses(styles.cell, property.headline && styles.headline)}>
              <PropertyValue property={property} />
            </span>
          </div>
        )}
      />
    </div>
  );
}
