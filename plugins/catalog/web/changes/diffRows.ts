import { parsePatch } from 'diff';

export type DiffLineKind = 'context' | 'removed' | 'added';

export interface DiffSide {
  number: number;
  text: string;
  kind: DiffLineKind;
}

/** A unified diff line: its old and new line numbers (absent on the side it is not on). */
export interface UnifiedRow {
  kind: DiffLineKind | 'hunk';
  text: string;
  oldNumber?: number;
  newNumber?: number;
}

/** A side-by-side row: the old line left, the new line right; a change pairs a removed line with an added one. */
export interface SplitRow {
  hunk?: string;
  left?: DiffSide;
  right?: DiffSide;
}

const hunkHeader = (hunk: { oldStart: number; oldLines: number; newStart: number; newLines: number }) =>
  `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;

/** The hunks of the stored unified diff (the `\ No newline at end of file` markers left out). */
function hunksOf(diff: string) {
  return parsePatch(diff).flatMap((patch) => patch.hunks);
}

export function unifiedRows(diff: string): UnifiedRow[] {
  const rows: UnifiedRow[] = [];
  for (const hunk of hunksOf(diff)) {
    rows.push({ kind: 'hunk', text: hunkHeader(hunk) });
    let oldNumber = hunk.oldStart;
    let newNumber = hunk.newStart;
    for (const line of hunk.lines) {
      const text = line.slice(1);
      if (line.startsWith('-')) rows.push({ kind: 'removed', text, oldNumber: oldNumber++ });
      else if (line.startsWith('+')) rows.push({ kind: 'added', text, newNumber: newNumber++ });
      else if (line.startsWith(' ')) rows.push({ kind: 'context', text, oldNumber: oldNumber++, newNumber: newNumber++ });
    }
  }
  return rows;
}

export function splitRows(diff: string): SplitRow[] {
  const rows: SplitRow[] = [];
  for (const hunk of hunksOf(diff)) {
    rows.push({ hunk: hunkHeader(hunk) });
    let oldNumber = hunk.oldStart;
    let newNumber = hunk.newStart;
    let removed: DiffSide[] = [];
    let added: DiffSide[] = [];
    // A run of removed lines followed by added ones is one change: shown line against line.
    const flush = () => {
      for (let i = 0; i < Math.max(removed.length, added.length); i++) rows.push({ left: removed[i], right: added[i] });
      removed = [];
      added = [];
    };
    for (const line of hunk.lines) {
      const text = line.slice(1);
      if (line.startsWith('-')) removed.push({ number: oldNumber++, text, kind: 'removed' });
      else if (line.startsWith('+')) added.push({ number: newNumber++, text, kind: 'added' });
      else if (line.startsWith(' ')) {
        flush();
        rows.push({ left: { number: oldNumber++, text, kind: 'context' }, right: { number: newNumber++, text, kind: 'context' } });
      }
    }
    flush();
  }
  return rows;
}
