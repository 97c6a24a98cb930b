/** Refusals that need the server say why: offline or the server not answering (src/app/lib/no-server-sentence.ts). */
import { describe, expect, it } from 'vitest';
import { noServerSentence, type NoServerRefusal } from '../../src/app/lib/no-server-sentence';
import { noServerMessages } from '../../src/shared/no-server-messages';
import { messages } from '../../src/shared/messages';

const REFUSALS = Object.keys(noServerMessages) as NoServerRefusal[];

describe('the sentence of a refusal that needs the server', () => {
  it("says \"Can't reach the server\" while the network is up and the server does not answer", () => {
    expect(noServerSentence('unreachable', 'syncNote')).toBe("Can't reach the server. Changes are kept on this device and sent when it answers again.");
    expect(noServerSentence('unreachable', 'parserAction')).toBe("Can't reach the server. Test feed and Run need the server; try again once it answers.");
    for (const refusal of REFUSALS) expect(noServerSentence('unreachable', refusal)).not.toMatch(/offline|when you are online/i);
  });

  it("keeps the offline sentences word for word, the sync panel's spec sentence among them", () => {
    expect(noServerSentence('offline', 'syncNote')).toBe('You are offline. Changes are kept on this device and sent when the connection returns.');
    expect(messages.sync.offlineNote).toBe(noServerSentence('offline', 'syncNote'));
    expect(noServerSentence('offline', 'parserSave')).toBe(
      'You are offline. Saving a supplier needs the server, which checks the feed address; your changes stay in this form until the connection is back.',
    );
    expect(noServerSentence('offline', 'parserEnable')).toBe('You are offline. Enabling or disabling a supplier needs the server; try again when the connection is back.');
    expect(noServerSentence('offline', 'productNotKept')).toBe('You are offline and this product is not kept on this device.');
    expect(noServerSentence('offline', 'bolModelNotKept')).toBe('You are offline and the Bol model of this product is not kept on this device.');
  });

  it('gives every refusal two different sentences, the unreachable one naming the server', () => {
    for (const refusal of REFUSALS) {
      const { offline, unreachable } = noServerMessages[refusal];
      expect(offline).not.toBe(unreachable);
      expect(unreachable).toMatch(/^Can't reach the server/);
    }
  });

  it('uses the offline sentence when the connection reads online (a refusal decided a moment before it returned)', () => {
    expect(noServerSentence('online', 'logsNotFetched')).toBe(noServerMessages.logsNotFetched.offline);
  });
});
