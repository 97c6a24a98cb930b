import { describe, expect, it } from 'vitest';
import { allowsAddress, allowsHost, ipv6Groups, isNonPublicAddress, parseAllowList } from '../../src/server/feeds/outbound-addresses';
import { checkTarget, DEFAULT_OUTBOUND_POLICY, isOwnDemoFile, RefusedTargetError } from '../../src/server/feeds/outbound';

describe('isNonPublicAddress', () => {
  const refused = [
    '127.0.0.1', '127.8.9.10', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254',
    '100.64.0.1', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '198.18.0.1', '192.0.0.8',
    '::', '::1', '[::1]', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::127.0.0.1', '64:ff9b::7f00:1',
    '2002:7f00:1::', '2002:c0a8:0101::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'fec0::1',
    '2001:0:4136:e378::1', '100::1', 'not-an-ip', '',
  ];
  const allowed = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2a00:1450:4001:81c::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];
  for (const address of refused) it(`refuses ${address || '(empty)'}`, () => expect(isNonPublicAddress(address)).toBe(true));
  for (const address of allowed) it(`allows ${address}`, () => expect(isNonPublicAddress(address)).toBe(false));

  it('expands IPv6 forms', () => {
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('1::2::3')).toBeNull();
  });
});

describe('the allow-list', () => {
  it('reads names, addresses, ports and ranges', () => {
    const list = parseAllowList('feeds.lan, 192.168.1.20 127.0.0.1:9000,10.20.0.0/16,[fd00::5]:8080,fd01::/16');
    expect(allowsHost(list, 'FEEDS.lan', 443)).toBe(true);
    expect(allowsHost(list, '127.0.0.1', 9000)).toBe(true);
    expect(allowsHost(list, '127.0.0.1', 9001)).toBe(false);
    expect(allowsHost(list, '[fd00::5]', 8080)).toBe(true);
    expect(allowsAddress(list, '10.20.3.4', 80)).toBe(true);
    expect(allowsAddress(list, '10.21.3.4', 80)).toBe(false);
    expect(allowsAddress(list, '192.168.1.20', 80)).toBe(true);
    expect(allowsAddress(list, 'fd01:1::1', 80)).toBe(true);
    expect(allowsAddress(list, 'fd02::1', 80)).toBe(false);
  });

  it('refuses an entry it cannot read, naming it', () => {
    expect(() => parseAllowList('feeds.lan, http://x/')).toThrow(/'http:\/\/x\/'/);
    expect(() => parseAllowList('10.0.0.0/40')).toThrow(/10\.0\.0\.0\/40/);
  });
});

describe('checkTarget', () => {
  const check = (address: string, self = 'http://127.0.0.1:8080') => checkTarget(new URL(address, self), address, DEFAULT_OUTBOUND_POLICY, self);

  it('lets only the demo files of this server through', () => {
    expect(check('/demo/feeds/home.csv')).toBe('own-demo');
    expect(check('/demo/images/12.png')).toBe('own-demo');
    expect(() => check('/api/v1/supplier')).toThrow(RefusedTargetError);
    expect(() => check('/demo/feeds/../../api/v1/supplier')).toThrow(RefusedTargetError);
    expect(isOwnDemoFile(new URL('http://127.0.0.1:8080/demo/feeds/home.csv?x=1'), 'http://127.0.0.1:8080')).toBe(false);
  });

  it('refuses literal inside addresses, single-label names and credentials before connecting', () => {
    for (const address of ['http://127.0.0.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://localhost/', 'http://intranet/', 'http://u:p@feeds.example.com/', 'http://2130706433/', 'http://0x7f.1/']) {
      expect(() => check(address), address).toThrow(RefusedTargetError);
    }
    expect(check('https://feeds.example.com/feed.csv')).toBe('resolve-and-check');
  });
});
