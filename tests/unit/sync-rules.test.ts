import { describe, expect, it } from 'vitest';
import { signOutStep } from '../../src/app/features/auth/login-rules';
import { conflictFields, displayValue } from '../../src/app/sync/record-diff';
import {
  downloadText,
  groupEntries,
  indicatorState,
  lastSyncText,
  relativeTime,
} from '../../src/app/features/sync/sync-rules';
import { describeEntry } from '../../src/app/features/sync/describe-entry';
import { IDLE_DOWNLOAD } from '../../src/app/state/sync';
import type { OutboxCounts, OutboxEntry } from '../../src/app/sync/outbox';
import { messages } from '../../src/shared/messages';
import { makeProduct } from './support/offline-fakes';

const counts = (over: Partial<OutboxCounts> = {}): OutboxCounts => {
  const base = { pending: 0, sending: 0, failed: 0, conflict: 0, ...over };
  return { ...base, waiting: base.pending + base.sending + base.failed + base.conflict };
};

function entry(over: Partial<OutboxEntry> & Pick<OutboxEntry, 'kind' | 'payload'>): OutboxEntry {
  return {
    id: 'e1',
    entityKey: 'product:12',
    seq: 1,
    baseVersion: 1,
    author: 'anna',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastAttemptAt: null,
    lastError: null,
    createdAt: 0,
    updatedAt: 0,
    ...over,
  } as OutboxEntry;
}

describe('indicatorState', () => {
  it('says offline first, with the number of waiting changes on the badge', () => {
    expect(indicatorState({ online: false, counts: counts({ pending: 2, failed: 1 }), pausedForSignIn: true, draining: false })).toEqual({
      tone: 'offline',
      label: 'Offline, 3 changes waiting',
      badge: 3,
    });
    expect(indicatorState({ online: false, counts: null, pausedForSignIn: false, draining: false })).toEqual({
      tone: 'offline',
      label: 'Offline, nothing waiting',
      badge: null,
    });
  });

  it('asks for a new sign-in when the drain paused with changes waiting', () => {
    const state = indicatorState({ online: true, counts: counts({ pending: 1 }), pausedForSignIn: true, draining: false });
    expect(state).toEqual({ tone: 'attention', label: 'Sign in again to send 1 change', badge: 1 });
  });

  it('ignores a pause flag left over once nothing waits', () => {
    expect(indicatorState({ online: true, counts: counts(), pausedForSignIn: true, draining: false }).tone).toBe('synced');
  });

  it('points at failed and conflicting changes before plain waiting ones', () => {
    const state = indicatorState({ online: true, counts: counts({ pending: 4, conflict: 1 }), pausedForSignIn: false, draining: true });
    expect(state).toEqual({ tone: 'attention', label: 'Online, 1 change needs attention', badge: 5 });
    expect(indicatorState({ online: true, counts: counts({ failed: 2 }), pausedForSignIn: false, draining: false }).label).toBe(
      'Online, 2 changes need attention',
    );
  });

  it('shows syncing while a drain runs and synced when nothing waits', () => {
    expect(indicatorState({ online: true, counts: counts({ pending: 2 }), pausedForSignIn: false, draining: true }).tone).toBe('syncing');
    expect(indicatorState({ online: true, counts: counts({ pending: 2 }), pausedForSignIn: false, draining: false }).tone).toBe('waiting');
    expect(indicatorState({ online: true, counts: counts(), pausedForSignIn: false, draining: false })).toEqual({
      tone: 'synced',
      label: 'Online, all changes sent',
      badge: null,
    });
  });
});

describe('describeEntry', () => {
  it('names a product save by the id and title it carries', () => {
    const save = entry({ kind: 'product-save', payload: { product: makeProduct({ productId: 12, title: ' Garden chair ' }) } });
    expect(describeEntry(save)).toEqual({ kind: 'Product changes', subject: 'Product 12 · Garden chair', detail: null, otherAuthor: null });
  });

  it('names an upload by its file and looks the title up in the cache', () => {
    const upload = entry({ kind: 'image-upload', payload: { productId: 12, fileId: 'e1', name: 'front.png', type: 'image/png' } });
    expect(describeEntry(upload, new Map([[12, 'Garden chair']]))).toMatchObject({
      kind: 'Image upload',
      subject: 'Product 12 · Garden chair',
      detail: 'front.png',
    });
    const removal = entry({ kind: 'image-delete', payload: { productId: 7, imageId: 'img-3' } });
    expect(describeEntry(removal)).toMatchObject({ kind: 'Image removal', subject: 'Product 7', detail: 'Image img-3' });
  });

  it("marks another person's change, which waits for them to sign in", () => {
    const save = entry({ kind: 'bol-model-save', author: 'bob', payload: { model: { productId: 3 } } });
    expect(describeEntry(save, new Map(), 'anna')).toMatchObject({ kind: 'Bol model changes', otherAuthor: 'bob' });
    expect(describeEntry(save, new Map(), 'bob').otherAuthor).toBeNull();
  });
});

describe('groupEntries', () => {
  it('puts conflicts first, then failures, then waiting and sending ones, each in send order', () => {
    const product = { product: makeProduct() };
    const list = [
      entry({ id: 'a', status: 'pending', kind: 'product-save', payload: product }),
      entry({ id: 'b', status: 'failed', kind: 'product-save', payload: product }),
      entry({ id: 'c', status: 'sending', kind: 'product-save', payload: product }),
      entry({ id: 'd', status: 'conflict', kind: 'product-save', payload: product }),
    ];
    const groups = groupEntries(list);
    expect([groups.conflict, groups.failed, groups.pending].map((group) => group.map((e) => e.id))).toEqual([['d'], ['b'], ['a', 'c']]);
  });
});

describe('conflictFields', () => {
  it('lists only the fields that differ, mine beside the server’s, with readable values', () => {
    const mine = makeProduct({ title: 'Chair', sellingPrice: 12.5, passedModeration: true, description: '<p>Soft <b>seat</b></p>' });
    const theirs = makeProduct({ title: 'Chair XL', sellingPrice: 12.5, passedModeration: false, description: '<p>Soft <b>seat</b></p>', version: 4 });
    // Flags in the words the list's filters use, as the history writes them (lib/field-value-text.ts).
    expect(conflictFields(mine, theirs)).toEqual([
      { field: 'title', label: 'Title', mine: 'Chair', theirs: 'Chair XL' },
      { field: 'passedModeration', label: 'Passed Moderation', mine: 'Passed', theirs: 'Not passed' },
    ]);
    // A price and a category read as in the history: the app's price format, the category by its name.
    expect(conflictFields(makeProduct({ sellingPrice: 150, categoryId: 7, categoryName: 'Boots' }), makeProduct({ sellingPrice: 139.5, categoryId: 3, categoryName: 'Shoes' }))).toEqual([
      { field: 'sellingPrice', label: 'Selling Price', mine: '€\u00a0150,00', theirs: '€\u00a0139,50' },
      { field: 'categoryId', label: 'Category', mine: 'Boots', theirs: 'Shoes' },
    ]);
  });

  it('treats a price sent as text like the same number, and empty like missing', () => {
    const mine = makeProduct({ sellingPrice: '12.50' as unknown as number, brand: '' });
    const theirs = makeProduct({ sellingPrice: 12.5, brand: null });
    expect(conflictFields(mine, theirs)).toEqual([]);
  });

  it('reports changed images as one line', () => {
    const image = { id: 'i1', filePath: '/media/a.png', name: 'a.png', altImage: '', position: 0 };
    const mine = makeProduct({ productImages: [image] as never });
    const theirs = makeProduct({ productImages: [] });
    expect(conflictFields(mine, theirs)).toEqual([{ field: 'productImages', label: 'Images', mine: '1 image', theirs: '0 images' }]);
  });

  it('compares any other record (the Bol model) field by field, without bookkeeping fields', () => {
    expect(conflictFields({ productId: 1, title: 'A', version: 1 }, { productId: 1, title: 'B', version: 2 })).toEqual([
      { field: 'title', label: 'title', mine: 'A', theirs: 'B' },
    ]);
    expect(conflictFields({ productId: 1 }, 'Someone else changed it')).toEqual([]);
  });
});

describe('displayValue', () => {
  it('shows empty values as a dash and shortens long text', () => {
    expect(displayValue(null)).toBe('—');
    expect(displayValue('   ')).toBe('—');
    expect(displayValue(0)).toBe('0');
    expect(displayValue('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2025, 5, 15, 12, 0, 0);
  it('reads like a person would say it', () => {
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now - 60_000, now)).toBe('1 minute ago');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(relativeTime(now - 60 * 60_000, now)).toBe('1 hour ago');
    expect(relativeTime(now - 26 * 3600_000, now)).toBe('yesterday');
    expect(relativeTime(now - 3 * 86400_000, now)).toBe('3 days ago');
    expect(relativeTime(now - 30 * 86400_000, now)).toBe('2025-05-16');
  });

  it('says when nothing was sent yet', () => {
    expect(lastSyncText(null, now)).toBe('Nothing sent from this device yet');
    expect(lastSyncText(now - 120_000, now)).toBe('Last change sent 2 minutes ago');
  });
});

describe('downloadText', () => {
  const now = 1_000_000;
  it('shows a count, and "of total" when the total is known', () => {
    expect(downloadText({ ...IDLE_DOWNLOAD, status: 'running', received: 1500, total: null }, now)).toBe(
      'Downloading the whole catalogue… 1,500 products so far',
    );
    expect(downloadText({ ...IDLE_DOWNLOAD, status: 'running', scope: 'Acme', received: 500, total: 2000 }, now)).toBe(
      'Downloading Acme… 500 of 2,000 products',
    );
    expect(downloadText({ ...IDLE_DOWNLOAD, status: 'running', refreshing: true, received: 1 }, now)).toBe(
      'Checking the whole catalogue for changes… 1 product updated',
    );
  });

  it('says when it finished, and that a stopped download continues', () => {
    expect(downloadText({ ...IDLE_DOWNLOAD, status: 'done', received: 20, finishedAt: now - 1000 }, now)).toBe(
      'The whole catalogue is available offline (20 products), updated just now.',
    );
    expect(downloadText({ ...IDLE_DOWNLOAD, status: 'error', error: 'No connection to the server' }, now)).toContain('continues where it stopped');
  });
});

describe('signing out with changes waiting', () => {
  it('signs out at once with nothing waiting and asks first otherwise', () => {
    expect(signOutStep(0)).toBe('sign-out');
    expect(signOutStep(2)).toBe('confirm');
  });

  it('says how many changes wait and that they are kept', () => {
    expect(messages.sync.signOutWaiting(1)).toBe(
      '1 change has not reached the server yet. It stays on this device and is sent when you sign in again.',
    );
    expect(messages.sync.signOutWaiting(3)).toMatch(/^3 changes have not reached the server yet\./);
  });
});
