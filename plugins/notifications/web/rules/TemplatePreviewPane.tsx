import { Body1, Caption1, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import type { TemplatePreview } from '@contracts';
import { previewTemplate } from './rulesApi';
import { useDebouncedRequest } from './useDebouncedRequest';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minHeight: '200px',
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  frame: { border: 'none', width: '100%', minHeight: '220px', backgroundColor: tokens.colorNeutralBackground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The body the frame shows: the rendered HTML in a plain page of its own. */
const frameDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;font-size:14px;margin:8px}</style></head><body>${html}</body></html>`;

export interface TemplatePreviewPaneProps {
  /** The first event chosen: the sample the message is rendered against. */
  event: string | undefined;
  title: string;
  template: string;
}

/**
 * The message as a recipient would get it, rendered by the gateway against a sample event (POST …/preview, debounced).
 * The HTML (sanitized by the gateway) goes into a sandboxed frame with no scripts and an origin of its own, so even a
 * rendering the sanitizer let through cannot reach the console.
 */
export function TemplatePreviewPane({ event, title, template }: TemplatePreviewPaneProps) {
  const styles = useStyles();
  const key = event ? JSON.stringify([event, title, template]) : null;
  const preview = useDebouncedRequest<TemplatePreview>(key, (signal) =>
    previewTemplate({ event: event!, title: title || null, template: template || null }, signal),
  );
  return (
    <section className={styles.root} aria-label="Preview">
      <div className={styles.header}>
        <Subtitle2>Preview</Subtitle2>
        {event && <Caption1>against a sample {event} event</Caption1>}
        {preview.loading && <Spinner size="extra-tiny" />}
      </div>
      {!event ? (
        <Body1>Choose an event to preview the message.</Body1>
      ) : preview.error ? (
        <Body1 className={styles.error} role="alert">
          {preview.error}
        </Body1>
      ) : preview.data ? (
        <>
          <Subtitle2 data-testid="preview-title">{preview.data.title}</Subtitle2>
          <iframe className={styles.frame} title="Message preview" sandbox="" srcDoc={frameDocument(preview.data.html)} />
        </>
      ) : null}
    </section>
  );
}
