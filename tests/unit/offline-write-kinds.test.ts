/**
 * The registry of write kinds (src/app/sync/outbox-kinds.ts, docs/architecture.md "Write kinds"):
 * every kind in one module, looked up by name, and no per-kind code in the engine around them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeEntry } from '../../src/app/features/sync/describe-entry';
import { kindOfChange, outboxKindOf, settlesPerField, WRITE_KINDS, type OutboxEntry } from '../../src/app/sync/outbox-kinds';

const NAMES = WRITE_KINDS.map((kind) => kind.name);

describe('the registry of write kinds', () => {
  it('lists each kind once, by the name its entries carry', () => {
    expect(new Set(NAMES).size).toBe(NAMES.length);
    for (const kind of WRITE_KINDS) expect(outboxKindOf({ kind: kind.name } as OutboxEntry)).toBe(kind);
    expect(() => outboxKindOf({ kind: 'unknown-kind' } as unknown as OutboxEntry)).toThrow(/does not know: unknown-kind/);
  });

  it('the panel names an entry by its kind', () => {
    const upload = { kind: 'image-upload', author: 'anna', payload: { productId: 4, fileId: 'f', name: 'side.png', type: 'image/png' } } as OutboxEntry;
    expect(describeEntry(upload).kind).toBe(outboxKindOf(upload).label);
    expect(WRITE_KINDS.every((kind) => kind.label.trim() !== '')).toBe(true);
  });

  it('a feature change goes to the kind of its name; uploads are queued by the saves that add them, never submitted', () => {
    expect(kindOfChange({ kind: 'image-delete', productId: 1, imageId: 'x' }).name).toBe('image-delete');
    expect(WRITE_KINDS.filter((kind) => kind.submit === undefined).map((kind) => kind.name)).toEqual(['image-upload']);
  });

  it('change sets settle field by field, whole-record saves as a whole', () => {
    const settling = NAMES.filter((name) => settlesPerField({ kind: name } as OutboxEntry));
    expect(settling.sort()).toEqual(['bol-model-change', 'product-change']);
  });

  it.each(['src/app/sync/outbox.ts', 'src/app/sync/drainer.ts', 'src/app/sync/submit.ts', 'src/app/sync/app-sync.ts', 'src/app/features/sync/SyncPanel.tsx', 'src/app/features/sync/describe-entry.ts'])(
    '%s has no per-kind code: it names no kind',
    (file) => {
      const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(NAMES.filter((name) => source.includes(`'${name}'`))).toEqual([]);
    },
  );
});
