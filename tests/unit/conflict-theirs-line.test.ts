/**
 * Who wrote theirs in a conflict (src/app/ui/ConflictTable.tsx, docs/product-edit.md "Conflicts"):
 * "Theirs, changed by …", and for an image the other person deleted "Deleted by …", never
 * "changed by". The rows come from conflictDifferences (src/app/sync/record-diff.ts).
 */
import { describe, expect, it } from 'vitest';
import { dateTimeText } from '../../src/app/lib/format';
import { conflictDifferences } from '../../src/app/sync/record-diff';
import { theirsLine } from '../../src/app/ui/ConflictTable';
import { imageDeleteKey } from '../../src/shared/image-delete-base';

const at = '2025-06-01T12:00:00.000Z';

describe('the theirs line of a conflict', () => {
  it('says deleted, by whom and when, for an image the other person deleted', () => {
    const [row] = conflictDifferences([
      { field: imageDeleteKey('y'), label: "Image 2 'y.png'", base: { id: 'y', altImage: '' }, mine: { id: 'y', altImage: 'Red shoe', position: 1 }, theirs: null, changedBy: 'Bram', changedAt: at },
    ]);
    expect(row).toMatchObject({ theirs: 'Deleted', theirsDeleted: true });
    expect(theirsLine(row as NonNullable<typeof row>)).toBe(`Deleted by Bram at ${dateTimeText(at)}`);
  });

  it('says changed by for anything else, also an image the other person changed', () => {
    const rows = conflictDifferences([
      { field: imageDeleteKey('y'), label: "Image 2 'y.png'", base: { id: 'y', altImage: '' }, mine: null, theirs: { id: 'y', altImage: 'Side' }, changedBy: 'Bram', changedAt: at },
      { field: 'title', label: 'Title', base: 'Lamp', mine: 'Desk lamp', theirs: 'Table lamp', changedBy: 'Bram', changedAt: null },
    ]);
    expect(rows.map((row) => row.theirsDeleted)).toEqual([undefined, undefined]);
    expect(rows.map(theirsLine)).toEqual([`Theirs, changed by Bram at ${dateTimeText(at)}`, 'Theirs, changed by Bram']);
  });
});
