import { Badge, Body1, Button, Caption1, Link, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Link as RouterLink } from 'react-router';
import { Delete16Regular } from '@fluentui/react-icons';
import { usePermissions } from '@web/core/auth';
import { Avatar } from '@web/core/components/Avatar';
import { RESPONDER_STEPS, currentResponderStep } from './responderProgress';
import { renderTemplate, responderClient } from './responderTemplates';
import type { Responder } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1 },
  steps: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
  setup: { color: tokens.colorNeutralForeground2 },
});

/** Only web and mail addresses become links: the id comes from a peer and the template from a team spec. */
function safeHref(href: string): string | null {
  return /^(https?:|mailto:)/i.test(href.trim()) ? href : null;
}

/** A responder with its type, progress (created → acknowledged → resolved → closed), external id and error. */
export function ResponderCard({ responder, canDelete, onDelete }: { responder: Responder; canDelete: boolean; onDelete(): void }) {
  const styles = useStyles();
  const name = responder.team?.name ?? responder.person?.name ?? '';
  const current = currentResponderStep(responder);
  const type = String(responder.properties?.responderType ?? responder.type);
  const linkUrl = responderClient(responder.team, type).linkUrl;
  const externalHref =
    responder.external_id && linkUrl ? safeHref(renderTemplate(linkUrl, { ...responder, external_id: encodeURIComponent(responder.external_id) })) : null;
  const summary = Object.entries(responder.properties ?? {})
    .filter(([key]) => key !== 'responderType')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join('\n');
  return (
    <li className={styles.root} data-testid="responder">
      <div className={styles.row}>
        <Avatar name={name} src={responder.person?.avatar} size={24} />
        {/* The hover card opens after 1 s (spec 01 §9). */}
        <Tooltip content={<span style={{ whiteSpace: 'pre-line' }}>{summary || name}</span>} relationship="description" showDelay={1000}>
          <Body1 className={styles.name}>{name}</Body1>
        </Tooltip>
        <Caption1>{type}</Caption1>
        {canDelete && (
          <Tooltip content="Delete responder" relationship="label">
            <Button size="small" appearance="subtle" icon={<Delete16Regular />} onClick={onDelete} />
          </Tooltip>
        )}
      </div>
      <div className={styles.steps} aria-label="Progress">
        {RESPONDER_STEPS.map((step, index) => (
          <Badge
            key={step.key}
            size="small"
            appearance={index === current ? 'filled' : index < current ? 'tint' : 'outline'}
            color={index < current ? 'success' : index === current ? 'brand' : 'subtle'}
            aria-current={index === current ? 'step' : undefined}
          >
            {step.label}
          </Badge>
        ))}
      </div>
      {responder.external_id && (
        <Caption1>
          External id:{' '}
          {externalHref ? (
            <Link href={externalHref} target="_blank" rel="noreferrer">
              {responder.external_id}
            </Link>
          ) : (
            responder.external_id
          )}
        </Caption1>
      )}
      {responder.error && responder.error_setting ? (
        <SetupNeeded message={responder.error} setting={responder.error_setting} />
      ) : (
        responder.error && (
          <Caption1 className={styles.error} role="alert">
            {responder.error}
          </Caption1>
        )
      )}
    </li>
  );
}

/**
 * A delivery waiting for something to be set up (no email server): a plain sentence for everybody, and for those who
 * may change connections a link to the page that fixes it. Not an alarm: nothing the operator did went wrong.
 */
function SetupNeeded({ message, setting }: { message: string; setting: string }) {
  const styles = useStyles();
  const { can } = usePermissions();
  const mayFix = setting.startsWith('/settings/connections') && can('connections', 'write');
  return (
    <Caption1 className={styles.setup} role="status">
      {message}
      {mayFix && (
        <>
          {' · '}
          <RouterLink to={setting}>Set it up in Settings → Connections</RouterLink>
        </>
      )}
    </Caption1>
  );
}
