/** Bol-model change sets in the outbox (docs/offline.md "Change sets", docs/bol.md), on fake IndexedDB. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyBolChangeSet,
  buildBolChangeSet,
  composeBolChangeSets,
  settleBolConflicts,
  type BolModelChangeConflict,
  type BolModelChangeSet,
} from '../../src/shared/bol-change-set';
import type { BolModel } from '../../src/shared/bol-contract';
import { mergeBolChangeSet } from '../../src/shared/change-set-merge';
import { WRITE_PROTOCOL_VERSION } from '../../src/shared/write-protocol';
import type { BackofficeDatabase } from '../../src/app/db/database';
import { drainOutbox } from '../../src/app/sync/drainer';
import { enqueueBolModelChange, listOutbox, resolveConflict, settleConflict, discard } from '../../src/app/sync/outbox';
import { entryDifferences } from '../../src/app/sync/outbox-kinds';
import { drainDeps, headerOf, jsonBody, openTestDatabase, StrictTransport } from './support/offline-fakes';

let db: BackofficeDatabase;
beforeEach(() => {
  db = openTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

const attribute = (attributeId: string, value: string) => ({ attributeId, attributeName: attributeId === 'Colour' ? 'Kleur' : attributeId, required: false, value, valueList: null, description: '' });
const base: BolModel = {
  productId: 7,
  chunkId: '10001074',
  chunkName: 'Sneakers',
  attributeData: [attribute('Colour', 'Black'), attribute('Material', 'Leather'), attribute('Gender', '')],
  mediaData: [{ mediaId: 1, value: 'https://cdn.example.com/a.jpg' }],
  version: 3,
};
const withValues = (model: BolModel, values: Record<string, string>): BolModel => ({
  ...model,
  attributeData: model.attributeData.map((entry) => (entry.attributeId in values ? { ...entry, value: values[entry.attributeId] ?? '' } : entry)),
});
const edit = (before: BolModel, values: Record<string, string>, offline = true): { set: BolModelChangeSet; after: BolModel } => {
  const after = withValues(before, values);
  return { set: buildBolChangeSet(before, after, 1_000, offline), after };
};
const valueOf = (model: unknown, id: string) => (model as BolModel | undefined)?.attributeData.find((entry) => entry.attributeId === id)?.value;

describe('building and composing Bol-model change sets', () => {
  it('carries only the changed attributes, each with its base; spaces alone are no change', () => {
    const { set } = edit(base, { Colour: 'Red', Material: ' Leather ' });
    expect(set.attributes).toEqual({ Colour: { base: 'Black', value: 'Red' } });
    expect(set.media).toBeUndefined();
  });

  it('carries the image slots as one value when they changed', () => {
    const after = { ...base, mediaData: [{ mediaId: 1, value: 'https://cdn.example.com/b.jpg' }] };
    expect(buildBolChangeSet(base, after, 1, false).media).toEqual({ base: base.mediaData, value: after.mediaData });
  });

  it('keeps the first base and the last value; an edit back to the base drops the attribute', () => {
    const one = edit(base, { Colour: 'Red', Material: 'Mesh' });
    const two = edit(one.after, { Colour: 'Blue', Material: 'Leather' });
    expect(composeBolChangeSets(one.set, two.set).attributes).toEqual({ Colour: { base: 'Black', value: 'Blue' } });
  });

  it('after an attempt that may have reached the server, an attribute back at its base stays, to write the base back', () => {
    const one = edit(base, { Colour: 'Red' });
    const two = edit(one.after, { Colour: 'Black' });
    expect(composeBolChangeSets(one.set, two.set, true).attributes).toEqual({ Colour: { base: 'Black', value: 'Black', via: ['Red'] } });
  });

  it('after an attempt that may have reached the server, an attribute or the images the next edit leaves alone keep their value in via through a later merge', () => {
    const one = edit({ ...base, mediaData: [] }, { Colour: 'Red' });
    const withMedia = { ...one.set, media: { base: [], value: base.mediaData } };
    const two = edit(one.after, { Material: 'Mesh' });
    const three = edit(two.after, { Colour: 'Blue' });
    const threeMedia = { ...three.set, media: { base: base.mediaData, value: [] } };
    const composed = composeBolChangeSets(composeBolChangeSets(withMedia, two.set, true), threeMedia);
    expect(composed.attributes.Colour).toEqual({ base: 'Black', value: 'Blue', via: ['Red'] });
    // The server holds my own first attempt's values: no conflict, my last values are written.
    const server = withValues(base, { Colour: 'Red' });
    const merged = mergeBolChangeSet(server, composed);
    expect(merged.conflicts).toEqual([]);
    expect(merged.writes).toEqual({ Colour: 'Blue', Material: 'Mesh' });
    expect(merged.media).toEqual([]);
  });
});

describe('merging (the rules the server applies)', () => {
  const merge = (current: BolModel, set: BolModelChangeSet) => mergeBolChangeSet(current, set);
  it('writes an attribute still at its base, skips one already at my value, and names a differently changed one', () => {
    const set = edit(base, { Colour: 'Red', Material: 'Mesh', Gender: 'Dames' }).set;
    const current = withValues(base, { Material: 'Mesh', Gender: 'Heren' });
    const result = merge(current, set);
    expect(result.writes).toEqual({ Colour: 'Red' });
    expect(result.conflicts).toEqual([{ field: 'bol:Gender', label: 'Gender', base: '', mine: 'Dames', theirs: 'Heren' }]);
  });

  it('treats a value my own earlier attempt wrote like the base', () => {
    const set: BolModelChangeSet = { attributes: { Colour: { base: 'Black', value: 'Blue', via: ['Red'] } }, madeAt: 1, offline: false };
    expect(merge(withValues(base, { Colour: 'Red' }), set)).toMatchObject({ writes: { Colour: 'Blue' }, conflicts: [] });
  });
});

describe('the outbox', () => {
  it('merges consecutive offline edits of one model into one change set and shows the last locally', async () => {
    const one = edit(base, { Colour: 'Red' });
    const first = await enqueueBolModelChange(db, one.set, one.after, 'anna');
    const two = edit(one.after, { Material: 'Mesh' });
    const second = await enqueueBolModelChange(db, two.set, two.after, 'anna');
    const entries = await listOutbox(db);
    expect(entries).toHaveLength(1);
    expect(second?.id).toBe(first?.id);
    expect(entries[0]).toMatchObject({
      kind: 'bol-model-change',
      entityKey: 'bol-model:7',
      payload: { productId: 7, changes: { attributes: { Colour: { base: 'Black', value: 'Red' }, Material: { base: 'Leather', value: 'Mesh' } } } },
    });
    const local = await db.bolModels.get(7);
    expect([valueOf(local, 'Colour'), valueOf(local, 'Material')]).toEqual(['Red', 'Mesh']);
  });

  it('an edit back to the base leaves nothing to send', async () => {
    const one = edit(base, { Colour: 'Red' });
    await enqueueBolModelChange(db, one.set, one.after, 'anna');
    const two = edit(one.after, { Colour: 'Black' });
    expect(await enqueueBolModelChange(db, two.set, two.after, 'anna')).toBeNull();
    expect(await listOutbox(db)).toEqual([]);
  });

  it('does not merge with another author', async () => {
    const one = edit(base, { Colour: 'Red' });
    await enqueueBolModelChange(db, one.set, one.after, 'anna');
    const two = edit(one.after, { Material: 'Mesh' });
    await enqueueBolModelChange(db, two.set, two.after, 'bram');
    expect((await listOutbox(db)).map((entry) => entry.author)).toEqual(['anna', 'bram']);
  });

  it('sends PATCH /api/v1/bol/model/{id} with the change set, its protocol version and no If-Match; the answer becomes the local copy', async () => {
    const one = edit(base, { Colour: 'Red' });
    await enqueueBolModelChange(db, one.set, one.after, 'anna');
    const server = { ...withValues(base, { Colour: 'Red', Material: 'Canvas' }), version: 5 };
    const transport = new StrictTransport().expect('PATCH', '/api/v1/bol/model/7', { status: 200, body: server });
    const summary = await drainOutbox(drainDeps(db, transport));
    transport.verify();
    expect(summary.sent).toBe(1);
    expect(headerOf(transport.requests[0], 'If-Match')).toBeUndefined();
    expect(headerOf(transport.requests[0], 'Idempotency-Key')).toBeTruthy();
    expect(jsonBody(transport.requests[0])).toEqual({ attributes: { Colour: { base: 'Black', value: 'Red' } }, madeAt: 1_000, offline: true, protocol: WRITE_PROTOCOL_VERSION });
    expect(valueOf(await db.bolModels.get(7), 'Material')).toBe('Canvas');
    expect(await listOutbox(db)).toEqual([]);
  });

  describe('a conflict', () => {
    const theirs = { ...withValues(base, { Colour: 'Green' }), version: 6 };
    async function conflicted(values: Record<string, string> = { Colour: 'Red', Material: 'Mesh' }): Promise<{ id: string; answer: BolModelChangeConflict }> {
      const one = edit(base, values);
      const entry = await enqueueBolModelChange(db, one.set, one.after, 'anna');
      const answer: BolModelChangeConflict = {
        message: 'conflict',
        model: theirs,
        conflicts: [{ field: 'bol:Colour', label: 'Kleur', base: 'Black', mine: 'Red', theirs: 'Green', changedBy: 'bram', changedAt: '2025-06-01T12:00:00.000Z' }],
      };
      const summary = await drainOutbox(drainDeps(db, new StrictTransport().expect('PATCH', '/api/v1/bol/model/7', { status: 409, body: answer })));
      expect(summary.conflicts).toBe(1);
      return { id: entry!.id, answer };
    }

    it('is listed per attribute with mine, theirs and who changed theirs', async () => {
      await conflicted();
      const [entry] = await listOutbox(db);
      expect(entry?.status).toBe('conflict');
      expect(entryDifferences(entry!)).toEqual([{ field: 'bol:Colour', label: 'Kleur', mine: 'Red', theirs: 'Green', changedBy: 'bram', changedAt: '2025-06-01T12:00:00.000Z' }]);
    });

    it("'keep mine' sends that attribute over theirs and my other attributes as they were; the local copy shows both at once", async () => {
      const { id } = await conflicted();
      await settleConflict(db, id, { 'bol:Colour': 'mine' });
      const [entry] = await listOutbox(db);
      expect(entry).toMatchObject({ status: 'pending', payload: { changes: { attributes: { Colour: { base: 'Green', value: 'Red' }, Material: { base: 'Leather', value: 'Mesh' } } } } });
      const local = await db.bolModels.get(7);
      expect([valueOf(local, 'Colour'), valueOf(local, 'Material')]).toEqual(['Red', 'Mesh']);
    });

    it("'take theirs' drops my attribute; the local copy is theirs plus my other attributes", async () => {
      const { id } = await conflicted();
      await settleConflict(db, id, { 'bol:Colour': 'theirs' });
      const [entry] = await listOutbox(db);
      expect(entry?.kind === 'bol-model-change' && entry.payload.changes.attributes).toEqual({ Material: { base: 'Leather', value: 'Mesh' } });
      const local = await db.bolModels.get(7);
      expect([valueOf(local, 'Colour'), valueOf(local, 'Material')]).toEqual(['Green', 'Mesh']);
    });

    it("'take all theirs' with only conflicting attributes leaves nothing waiting and shows theirs", async () => {
      const { id } = await conflicted({ Colour: 'Red' });
      await resolveConflict(db, id, 'take-theirs');
      expect(await listOutbox(db)).toEqual([]);
      expect(valueOf(await db.bolModels.get(7), 'Colour')).toBe('Green');
    });

    it('discarding it restores the server copy', async () => {
      const { id } = await conflicted();
      await discard(db, id);
      expect(valueOf(await db.bolModels.get(7), 'Colour')).toBe('Green');
    });
  });
});

describe('a conflict answer whose other attributes the server wrote (docs/offline.md "Conflicts")', () => {
  async function partlyWritten(): Promise<string> {
    const one = edit(base, { Colour: 'Red', Material: 'Mesh' });
    const entry = await enqueueBolModelChange(db, one.set, one.after, 'anna');
    const answer: BolModelChangeConflict = {
      message: 'Your other changes were saved',
      model: { ...withValues(base, { Colour: 'Green', Material: 'Mesh', Gender: 'Unisex' }), version: 7 },
      conflicts: [{ field: 'bol:Colour', label: 'Kleur', base: 'Black', mine: 'Red', theirs: 'Green', changedBy: 'bram', changedAt: null }],
      written: ['bol:Material'],
    };
    expect((await drainOutbox(drainDeps(db, new StrictTransport().expect('PATCH', '/api/v1/bol/model/7', { status: 409, body: answer })))).conflicts).toBe(1);
    return entry!.id;
  }

  it('keeps only the conflicting attribute waiting; the device shows the server model with my waiting value on top', async () => {
    await partlyWritten();
    const [entry] = await listOutbox(db);
    expect(entry?.kind === 'bol-model-change' && entry.payload.changes.attributes).toEqual({ Colour: { base: 'Black', value: 'Red' } });
    const kept = await db.bolModels.get(7);
    expect([valueOf(kept, 'Colour'), valueOf(kept, 'Material'), valueOf(kept, 'Gender')]).toEqual(['Red', 'Mesh', 'Unisex']);
  });

  it("'keep mine' sends only that attribute, over theirs", async () => {
    const id = await partlyWritten();
    await settleConflict(db, id, { 'bol:Colour': 'mine' });
    const [entry] = await listOutbox(db);
    expect(entry?.kind === 'bol-model-change' && entry.payload.changes.attributes).toEqual({ Colour: { base: 'Green', value: 'Red' } });
  });
});

describe('applying and settling (pure)', () => {
  it('applies a set over another version without touching attributes it does not carry', () => {
    const { set } = edit(base, { Colour: 'Red' });
    const other = withValues(base, { Material: 'Canvas' });
    const applied = applyBolChangeSet(other, set);
    expect([valueOf(applied, 'Colour'), valueOf(applied, 'Material')]).toEqual(['Red', 'Canvas']);
  });

  it('settles the image slots like an attribute', () => {
    const set: BolModelChangeSet = { attributes: {}, media: { base: [], value: [{ mediaId: 1, value: 'https://x/a.jpg' }] }, madeAt: 1, offline: false };
    const theirs = [{ mediaId: 2, value: 'https://x/b.jpg' }];
    const conflict = { field: 'bol:media', label: 'Bol images', base: [], mine: set.media?.value, theirs, changedBy: null, changedAt: null };
    expect(settleBolConflicts(set, [conflict], { 'bol:media': 'mine' }).media).toEqual({ base: theirs, value: set.media?.value });
    expect(settleBolConflicts(set, [conflict], { 'bol:media': 'theirs' }).media).toBeUndefined();
  });
});
