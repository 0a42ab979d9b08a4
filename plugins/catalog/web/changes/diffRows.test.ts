import { splitRows, unifiedRows } from './diffRows';

const DIFF = `--- a/config
+++ b/config
@@ -1,4 +1,3 @@
 spec:
-  replicas: 2
+  replicas: 3
   image: nginx
-  paused: true
\\ No newline at end of file
`;

describe('diff rows', () => {
  it('numbers unified lines on their own side and keeps the hunk header', () => {
    expect(unifiedRows(DIFF)).toEqual([
      { kind: 'hunk', text: '@@ -1,4 +1,3 @@' },
      { kind: 'context', text: 'spec:', oldNumber: 1, newNumber: 1 },
      { kind: 'removed', text: '  replicas: 2', oldNumber: 2 },
      { kind: 'added', text: '  replicas: 3', newNumber: 2 },
      { kind: 'context', text: '  image: nginx', oldNumber: 3, newNumber: 3 },
      { kind: 'removed', text: '  paused: true', oldNumber: 4 },
    ]);
  });

  it('pairs a removed line with the added one side by side, and leaves the other side empty for a lone change', () => {
    const rows = splitRows(DIFF);
    expect(rows[2]).toEqual({ left: { number: 2, text: '  replicas: 2', kind: 'removed' }, right: { number: 2, text: '  replicas: 3', kind: 'added' } });
    expect(rows[4]).toEqual({ left: { number: 4, text: '  paused: true', kind: 'removed' }, right: undefined });
    expect(rows).toHaveLength(5);
  });
});
