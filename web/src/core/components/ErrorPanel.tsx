import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage } from '@web/core/api/ApiError';

const useStyles = makeStyles({
  root: { margin: tokens.spacingVerticalL },
});

export const RENDER_ERROR_TITLE = 'Sorry.. there was an error';

/** Error panel for uncaught rendering errors and failed page loads. */
export function ErrorPanel({ error, title = RENDER_ERROR_TITLE }: { error?: unknown; title?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="alert" data-testid="error-panel">
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{title}</MessageBarTitle>
          {error !== undefined && errorMessage(error)}
        </MessageBarBody>
      </MessageBar>
    </div>
  );
}
