import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../src/server/http/client-address';

describe('clientAddressOf', () => {
  it('is the socket peer unless proxies are trusted', () => {
    expect(clientAddressOf('10.0.0.1', '203.0.113.9', 0)).toBe('10.0.0.1');
    expect(clientAddressOf(undefined, undefined, 0)).toBe('unknown');
  });

  it('behind trusted proxies, takes the address the outermost trusted proxy saw, not what the client wrote', () => {
    // The client forged '1.1.1.1'; our one proxy appended the real address.
    expect(clientAddressOf('10.0.0.1', '1.1.1.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.1', '1.1.1.1, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.1', '203.0.113.9', 2)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
  });
});
