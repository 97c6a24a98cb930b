import { describe, expect, it } from 'vitest';
import type { BolModel } from '../../src/shared/bol-contract';
import { ApiFailure } from '../../src/app/api/client';
import { loadBolModel, loadChunks, OFFLINE_NOT_KEPT, type BolModelLoadDeps, type BolModelLoadState } from '../../src/app/features/bol-model/load-bol-model';
import { editOutcomeOf, saveBolModel, savedOutcomeNote, type BolSaveDeps } from '../../src/app/features/bol-model/save-bol-model';
import { drainOutbox } from '../../src/app/sync/drainer';
import { followSave, submitChange } from '../../src/app/sync/submit';
import { drainDeps, headerOf, jsonBody, openTestDatabase, StrictTransport } from './support/offline-fakes';

const model = (version: number, name = 'Shoe'): BolModel => ({
  productId: 7,
  chunkId: '1',
  chunkName: 'Sneakers',
  attributeData: [{ attributeId: 'Name', attributeName: 'Name', required: true, value: name, valueList: null, description: '' }],
  mediaData: [],
  version,
});

function loadDeps(overrides: Partial<BolModelLoadDeps> = {}): BolModelLoadDeps & { kept: BolModel[] } {
  const kept: BolModel[] = [];
  return {
    kept,
    online: () => true,
    fetchModel: async () => model(2, 'From server'),
    readDeviceModel: async () => ({ model: model(1, 'On device'), fetchedAt: 1_000 }),
    keepModel: async (m) => void kept.push(m),
    hasWaitingSave: async () => false,
    ...overrides,
  };
}

async function statesOf(deps: BolModelLoadDeps): Promise<BolModelLoadState[]> {
  const states: BolModelLoadState[] = [];
  await loadBolModel(7, deps, (state) => states.push(state));
  return states;
}

const nameOf = (state: BolModelLoadState | undefined) => (state?.status === 'ready' ? state.model.attributeData[0]?.value : null);

describe('loading the Bol model', () => {
  it("shows the device copy first, then the server's, which is kept", async () => {
    const deps = loadDeps();
    const states = await statesOf(deps);
    expect(states.map(nameOf)).toEqual(['On device', 'From server']);
    expect(states[1]).toMatchObject({ source: { kind: 'network' } });
    expect(deps.kept.map((m) => m.version)).toEqual([2]);
  });

  it('offline: shows the device copy marked offline, or says it is not kept', async () => {
    const states = await statesOf(loadDeps({ online: () => false }));
    expect(states.at(-1)).toMatchObject({ status: 'ready', source: { kind: 'device', reason: 'offline', fetchedAt: 1_000 } });
    const none = await statesOf(loadDeps({ online: () => false, readDeviceModel: async () => null }));
    expect(none).toEqual([{ status: 'error', message: OFFLINE_NOT_KEPT }]);
  });

  it('keeps showing the device copy while a save of it waits in the outbox', async () => {
    const deps = loadDeps({ hasWaitingSave: async () => true });
    const states = await statesOf(deps);
    expect(nameOf(states.at(-1))).toBe('On device');
    expect(states.at(-1)).toMatchObject({ source: { reason: 'waiting-change' } });
    expect(deps.kept).toEqual([]);
  });

  it('keeps the device copy when no answer comes, but shows a real refusal', async () => {
    const unreachable = await statesOf(loadDeps({ fetchModel: async () => Promise.reject(new ApiFailure('No connection to the server', 0, null)) }));
    expect(unreachable.at(-1)).toMatchObject({ source: { reason: 'unreachable' } });
    const missing = await statesOf(loadDeps({ fetchModel: async () => Promise.reject(new ApiFailure('Product 7 does not exist', 404, null)) }));
    expect(missing.at(-1)).toEqual({ status: 'error', message: 'Product 7 does not exist' });
  });

  it('shows the kept categories at once and the server list after it', async () => {
    const shown: string[][] = [];
    const kept: string[][] = [];
    await loadChunks(
      {
        online: () => true,
        readDeviceChunks: async () => [{ chunkId: '1', chunkName: 'Old' }],
        fetchChunks: async () => [{ chunkId: '1', chunkName: 'New' }, { chunkId: '2', chunkName: 'Boots' }],
        keepChunks: async (chunks) => void kept.push(chunks.map((c) => c.chunkName)),
      },
      (chunks) => shown.push(chunks.map((c) => c.chunkName)),
    );
    expect(shown).toEqual([['Old'], ['New', 'Boots']]);
    expect(kept).toEqual([['New', 'Boots']]);
  });
});

/** Save deps on a real outbox (fake IndexedDB) drained through a strict transport. */
function outboxSaveDeps(transport: StrictTransport, online = true): BolSaveDeps {
  const db = openTestDatabase();
  return {
    online: () => online,
    author: () => 'anna',
    // Like the app's submit: queue, then a drain starts (here it runs to its end at once).
    submit: async (change, author) => {
      const submitted = await submitChange(db, change, author);
      if (online) await drainOutbox(drainDeps(db, transport));
      return submitted;
    },
    follow: (submitted) => followSave(db, submitted, () => online),
    readKeptModel: async (productId) => ((await db.bolModels.get(productId)) as BolModel | undefined) ?? null,
  };
}

describe('saving the Bol model through the outbox', () => {
  it("sends only the changed attributes with their base and an Idempotency-Key, and answers the server's new version", async () => {
    const transport = new StrictTransport().expect('PATCH', '/api/v1/bol/model/7', { status: 200, body: model(4, 'Saved') });
    const outcome = await saveBolModel(model(3), model(3, 'Saved'), outboxSaveDeps(transport));
    transport.verify();
    expect(outcome).toEqual({ kind: 'saved', model: model(4, 'Saved') });
    expect(headerOf(transport.requests[0], 'If-Match')).toBeUndefined();
    expect(headerOf(transport.requests[0], 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(jsonBody(transport.requests[0])).toMatchObject({ attributes: { Name: { base: 'Shoe', value: 'Saved' } }, offline: false });
  });

  it('an Apply without changes sends an empty change set (the server keeps a never-saved model)', async () => {
    const transport = new StrictTransport().expect('PATCH', '/api/v1/bol/model/7', { status: 200, body: model(4) });
    expect(await saveBolModel(model(3), model(3), outboxSaveDeps(transport))).toEqual({ kind: 'saved', model: model(4) });
    transport.verify();
    expect(jsonBody(transport.requests[0])).toMatchObject({ attributes: {} });
  });

  it('keeps it on the device offline without sending anything', async () => {
    const transport = new StrictTransport();
    const outcome = await saveBolModel(model(3), model(3, 'Mine'), outboxSaveDeps(transport, false));
    transport.verify();
    expect(outcome).toEqual({ kind: 'kept', reason: 'offline' });
    expect(savedOutcomeNote(outcome)).toBe('Saved on this device. It is sent to the server when the connection returns.');
  });

  it('keeps it waiting when the server does not answer', async () => {
    const transport = new StrictTransport().expect('PATCH', '/api/v1/bol/model/7', new Error('socket hang up'));
    expect(await saveBolModel(model(3), model(3, 'Mine'), outboxSaveDeps(transport))).toEqual({ kind: 'kept', reason: 'no-answer' });
  });

  it("reports the server's refusal and a conflict", async () => {
    const refused = new StrictTransport().expect('PATCH', '/api/v1/bol/model/7', {
      status: 400,
      body: { message: 'Please fill in all required fields. Missing: Name.' },
    });
    expect(await saveBolModel(model(3), model(3, ''), outboxSaveDeps(refused))).toEqual({ kind: 'failed', message: 'Please fill in all required fields. Missing: Name.' });
    const answer = {
      message: 'Someone else changed some of these Bol fields meanwhile; nothing was saved. Choose per field.',
      model: model(5, 'Theirs'),
      conflicts: [{ field: 'bol:Name', label: 'Name', base: 'Shoe', mine: 'Mine', theirs: 'Theirs', changedBy: 'bram', changedAt: null }],
    };
    const conflict = new StrictTransport().expect('PATCH', '/api/v1/bol/model/7', { status: 409, body: answer });
    expect(await saveBolModel(model(3), model(3, 'Mine'), outboxSaveDeps(conflict))).toEqual({ kind: 'conflict', message: answer.message });
  });

  it('refuses to queue a save without a signed-in author', async () => {
    const deps = { ...outboxSaveDeps(new StrictTransport()), author: () => null };
    expect(await saveBolModel(model(3), model(3, 'Mine'), deps)).toMatchObject({ kind: 'failed' });
  });
});

describe('the Bol save as the edit controller follows it', () => {
  it('is sent with the kept model, pending while kept, a conflict or a refusal with its message', () => {
    expect(editOutcomeOf({ kind: 'saved', model: model(4, 'Saved') })).toEqual({ kind: 'sent', record: model(4, 'Saved') });
    expect(editOutcomeOf({ kind: 'kept', reason: 'offline' })).toEqual({ kind: 'pending' });
    expect(editOutcomeOf({ kind: 'conflict', message: 'Changed meanwhile' })).toEqual({ kind: 'conflict', message: 'Changed meanwhile', theirs: null });
    expect(editOutcomeOf({ kind: 'failed', message: 'Missing: Name.' })).toEqual({ kind: 'failed', message: 'Missing: Name.' });
  });
});
