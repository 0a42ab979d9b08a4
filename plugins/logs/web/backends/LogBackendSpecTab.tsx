import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { SettingsEditorProps } from '@web/core/settings/types';
import { LogBackendForm } from './LogBackendForm';
import type { LoggingBackend } from './backendsApi';

/** Records written by the UI may be edited here; others (GitOps, an agent) are kept where they come from. */
export const UI_SOURCE = 'UI';

/** The spec tab of core's settings detail page for `logging_backends`: the Log Backends form, or why it is read only. */
export default function LogBackendSpecTab({ resource, canWrite, listPath }: SettingsEditorProps) {
  const backend = resource as unknown as LoggingBackend | null;
  if (backend?.source && backend.source !== UI_SOURCE) {
    return (
      <MessageBar intent="info">
        <MessageBarBody>
          <MessageBarTitle>Read only</MessageBarTitle>
          {`${backend.name} comes from ${backend.source}; change it there.`}
        </MessageBarBody>
      </MessageBar>
    );
  }
  return <LogBackendForm backend={backend} canWrite={canWrite} listPath={listPath} />;
}
