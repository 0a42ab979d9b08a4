/** Mention markup `@[display](user:id)` (spec 01 §3), parsed into plain segments; never into HTML. */
export type CommentSegment = { kind: 'text'; text: string } | { kind: 'mention'; display: string; userId: string };

const MENTION = /@\[([^\]]+)\]\(user:([^)\s]+)\)/g;

export function parseMentions(text: string): CommentSegment[] {
  const segments: CommentSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const start = match.index ?? 0;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'mention', display: match[1], userId: match[2] });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The markup for one person, with the characters that would end the markup removed from the name. */
export function mentionMarkup(person: { id: string; name: string }): string {
  return `@[${person.name.replace(/[[\]]/g, '')}](user:${person.id})`;
}

/** The `@word` being typed at the caret, if any: what the suggestions filter on. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@[\]()]*)$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2].length - 1, query: match[2] };
}

/** What the comment box shows for a picked person while editing: `@Alice Nguyen`, not the markup. */
export function mentionToken(person: { name: string }): string {
  return `@${person.name.replace(/[[\]]/g, '')}`;
}

/**
 * The text to send: each picked person's `@Name` token becomes their markup. Longer names first, so `@Ann Lee` is
 * not taken for `@Ann`; a token the user has since edited away is simply not there any more.
 */
export function withMentionMarkup(text: string, picked: readonly { id: string; name: string }[]): string {
  const people = [...new Map(picked.map((p) => [p.id, p])).values()].sort((a, b) => b.name.length - a.name.length);
  let out = text;
  for (const person of people) {
    const token = mentionToken(person);
    // Not inside markup already made (`@[`), and only as a whole token (not followed by a word character).
    const pattern = new RegExp(`${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'g');
    out = out.replace(pattern, mentionMarkup(person));
  }
  return out;
}
