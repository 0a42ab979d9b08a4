import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { SectionMessage } from './useSectionAction';

/** A section's last outcome (cleared by useSectionAction after 10 s). */
export function SectionMessageBar({ message }: { message: SectionMessage | null }) {
  if (!message) return null;
  return (
    <MessageBar intent={message.intent} role={message.intent === 'error' ? 'alert' : 'status'}>
      <MessageBarBody>{message.text}</MessageBarBody>
    </MessageBar>
  );
}
