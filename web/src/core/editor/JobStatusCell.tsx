import { Badge, Button, Popover, PopoverSurface, PopoverTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { hasJobDetails, jobStatusColor } from './jobStatus';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  details: { margin: 0, maxWidth: '480px', maxHeight: '320px', overflow: 'auto', fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap' },
});

function detailsText(details: unknown): string {
  return typeof details === 'string' ? details : JSON.stringify(details, null, 2);
}

/**
 * The latest job's status; '(View details)' opens its details in a popover (the job history page that the
 * reference links to is not built yet).
 */
export function JobStatusCell({ status, details }: { status: string | null; details: unknown }) {
  const styles = useStyles();
  if (!status) return null;
  return (
    <span className={styles.root}>
      <Badge appearance="tint" color={jobStatusColor(status)}>
        {status}
      </Badge>
      {hasJobDetails(details) && (
        <Popover withArrow>
          <PopoverTrigger disableButtonEnhancement>
            {/* data-row-toggle: the table does not treat this click as a row click. */}
            <Button appearance="transparent" size="small" data-row-toggle>
              (View details)
            </Button>
          </PopoverTrigger>
          <PopoverSurface aria-label="Job details">
            <pre className={styles.details}>{detailsText(details)}</pre>
          </PopoverSurface>
        </Popover>
      )}
    </span>
  );
}
