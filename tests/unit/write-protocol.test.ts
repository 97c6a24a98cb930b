/** The write protocol's version (src/shared/write-protocol.ts, docs/offline.md "Protocol version"). */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { READABLE_WRITE_PROTOCOLS, unreadableProtocolRefusal, versionedBody, WRITE_PROTOCOL_VERSION, writeProtocolOf } from '../../src/shared/write-protocol';

describe('the write protocol version', () => {
  it('reads an entry or a body without a version as version 1, the builds before the field', () => {
    expect(writeProtocolOf({ madeAt: 1 })).toBe(1);
    expect(writeProtocolOf({ protocol: 2 })).toBe(2);
    expect(writeProtocolOf(null)).toBe(1);
  });

  it('this build writes a version the server reads, and the server still reads version 1', () => {
    expect(READABLE_WRITE_PROTOCOLS).toContain(WRITE_PROTOCOL_VERSION);
    expect(READABLE_WRITE_PROTOCOLS).toContain(1);
  });

  it('refuses, with the reason the device shows, a version it cannot read: too old, unknown, or not a number', () => {
    for (const body of [{ protocol: 2 }, {}, { protocol: 1 }]) expect(unreadableProtocolRefusal(body)).toBeNull();
    for (const protocol of [0, -1, WRITE_PROTOCOL_VERSION + 1, 1.5, '2', null]) expect(unreadableProtocolRefusal({ protocol })).toBe(messages.sync.olderAppChange);
  });

  it('sends version 1 exactly as before (no field), any other with its version', () => {
    const set = { attributes: {}, madeAt: 1, offline: false };
    expect(versionedBody(set, 1)).toBe(set);
    expect(versionedBody(set, 2)).toEqual({ ...set, protocol: 2 });
  });
});
