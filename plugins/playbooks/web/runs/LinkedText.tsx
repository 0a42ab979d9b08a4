import { Link } from '@fluentui/react-components';
import { linkParts } from './runSteps';

/** Text with its http and https addresses as links opening in a new tab; other schemes stay plain text. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        'href' in part ? (
          <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer" inline>
            {part.href}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
