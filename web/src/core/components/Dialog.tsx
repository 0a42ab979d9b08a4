import { useState, type ReactNode } from 'react';
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dialog as FluentDialog,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowMaximize20Regular, ArrowMinimize20Regular, Dismiss20Regular, QuestionCircle20Regular } from '@fluentui/react-icons';

export type DialogSize = 'very-small' | 'small' | 'medium' | 'large' | 'full';

const WIDTHS: Record<DialogSize, string> = {
  'very-small': '360px',
  small: '520px',
  medium: '760px',
  large: '1040px',
  full: 'calc(100vw - 48px)',
};

const useStyles = makeStyles({
  full: { height: 'calc(100vh - 48px)', maxHeight: 'calc(100vh - 48px)' },
  body: { maxHeight: 'calc(100vh - 96px)' },
  titleActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  size?: DialogSize;
  /** Footer buttons, right-aligned. */
  actions?: ReactNode;
  /** Adds a help icon linking to this address (docs). */
  helpLink?: string;
  /** Shows the expand toggle (switches to full size and back). Default true except for very-small. */
  expandable?: boolean;
  /** Modal dialogs do not close on outside clicks. */
  modalType?: 'modal' | 'non-modal' | 'alert';
}

/** The app's one dialog: sizes, an expand toggle, an optional help link, title and footer actions. */
export function Dialog({
  open,
  title,
  onClose,
  children,
  size = 'medium',
  actions,
  helpLink,
  expandable = size !== 'very-small' && size !== 'full',
  modalType = 'modal',
}: DialogProps) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(false);
  const effective = expanded ? 'full' : size;
  return (
    <FluentDialog open={open} modalType={modalType} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface
        style={{ maxWidth: WIDTHS[effective], width: WIDTHS[effective] }}
        className={effective === 'full' ? styles.full : undefined}
        data-size={effective}
      >
        <DialogBody className={styles.body}>
          <DialogTitle
            action={
              <span className={styles.titleActions}>
                {helpLink && (
                  <Tooltip content="Help" relationship="label">
                    <Button as="a" href={helpLink} target="_blank" rel="noreferrer" appearance="subtle" icon={<QuestionCircle20Regular />} />
                  </Tooltip>
                )}
                {expandable && (
                  <Tooltip content={expanded ? 'Restore size' : 'Expand'} relationship="label">
                    <Button
                      appearance="subtle"
                      icon={expanded ? <ArrowMinimize20Regular /> : <ArrowMaximize20Regular />}
                      onClick={() => setExpanded((value) => !value)}
                    />
                  </Tooltip>
                )}
                <Tooltip content="Close" relationship="label">
                  <Button appearance="subtle" icon={<Dismiss20Regular />} onClick={onClose} />
                </Tooltip>
              </span>
            }
          >
            {title}
          </DialogTitle>
          <DialogContent>{children}</DialogContent>
          {actions && <DialogActions>{actions}</DialogActions>}
        </DialogBody>
      </DialogSurface>
    </FluentDialog>
  );
}
