import type { ReactNode } from 'react';
import { Badge, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { ConfigProperty } from '@contracts';
import { AppLink } from '@web/core/components/AppLink';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { formatDateTime, formatElapsed } from '@web/core/formatDateTime';
import { configTypePath, scraperPath, type ConfigDetail } from '../../catalogApi';
import { formatCurrency } from '../../format';
import { ConfigComponentLinks } from './ConfigComponentLinks';
import { groupProperties } from './propertyGroups';

/** A config is flagged as last scraped when its last scrape is at least this old (spec 02 §9). */
export const LAST_SCRAPED_FLAG_MS = 60 * 60 * 1000;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, width: '300px', flexShrink: 0 },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
});

function propertyText(property: ConfigProperty): string {
  if (property.type === 'currency' && property.value !== undefined) return formatCurrency(property.value);
  const value = property.text ?? (property.value !== undefined ? String(property.value) : '');
  return property.unit ? `${value} ${property.unit}` : value;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </>
  );
}

/** The detail sidebar (spec 02 Config detail): what the config is, its state, where it came from, cost, properties. */
export function ConfigSidebar({ config, now = Date.now() }: { config: ConfigDetail; now?: number }) {
  const styles = useStyles();
  const tags = Object.entries(config.tags ?? {});
  const costs = (
    [
      ['Cost per minute', config.cost_per_minute],
      ['Cost (1d)', config.cost_total_1d],
      ['Cost (7d)', config.cost_total_7d],
      ['Cost (30d)', config.cost_total_30d],
    ] as const
  ).filter(([, value]) => value !== null && value !== undefined && Number(value) !== 0);
  const lastScraped = config.last_scraped_time ? new Date(config.last_scraped_time).getTime() : NaN;
  const staleScrape = Number.isFinite(lastScraped) && now - lastScraped >= LAST_SCRAPED_FLAG_MS;

  return (
    <aside className={styles.root} aria-label="Config details">
      <Subtitle2 as="h2">{config.name}</Subtitle2>
      {tags.length > 0 && (
        <div className={styles.tags} aria-label="Tags">
          {tags.map(([key, value]) => (
            <Badge key={key} appearance="outline">
              {key}: {value}
            </Badge>
          ))}
        </div>
      )}
      <dl className={styles.facts}>
        {config.deleted_at && (
          <Fact term="Deleted">
            <Badge appearance="filled" color="danger">
              Deleted
            </Badge>{' '}
            {formatDateTime(config.deleted_at)}
          </Fact>
        )}
        {config.status && <Fact term={config.deleted_at ? 'Last status' : 'Status'}>{config.status}</Fact>}
        <Fact term="Health">
          <HealthBadge health={config.health} />
        </Fact>
        <Fact term="Type">
          <AppLink to={configTypePath(config.type)}>{config.type}</AppLink>
        </Fact>
        {config.config_class && config.config_class !== config.type && <Fact term="Class">{config.config_class}</Fact>}
        <Fact term="Created">{formatDateTime(config.created_at)}</Fact>
        {config.updated_at && <Fact term="Updated">{formatDateTime(config.updated_at)}</Fact>}
        {config.config_scrapers && (
          <Fact term="Scraper">
            <AppLink to={scraperPath(config.config_scrapers.id)}>{config.config_scrapers.name}</AppLink>
          </Fact>
        )}
        {config.last_scraped_time && (
          <Fact term="Last scraped">
            {formatDateTime(config.last_scraped_time)}{' '}
            {staleScrape && (
              <Badge appearance="tint" color="warning" data-testid="last-scraped-flag">
                {formatElapsed(config.last_scraped_time, now)} ago
              </Badge>
            )}
          </Fact>
        )}
        {costs.map(([term, value]) => (
          <Fact key={term} term={term}>
            {formatCurrency(value)}
          </Fact>
        ))}
        {groupProperties(config.properties).map((group) => (
          <Fact key={group.label} term={group.label}>
            {group.properties.map(propertyText).join(' / ')}
          </Fact>
        ))}
      </dl>
      {config.description && <Caption1>{config.description}</Caption1>}
      <ConfigComponentLinks configId={config.id} />
    </aside>
  );
}
