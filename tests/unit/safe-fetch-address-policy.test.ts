import { describe, expect, it } from 'vitest';
import { ipv6ToBigInt, refusedRange } from '../../functions/core/net/address-policy';
import { FetchRefusedError, fetchMessages } from '../../functions/core/net/fetch-errors';
import { allowList, checkAddresses, checkTarget } from '../../functions/core/net/target-policy';

/** The address policy alone: pure functions, no sockets. */
describe('address policy: IPv4', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.100.100.200', 'shared'],
    ['100.127.255.255', 'shared'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'link-local'],
    ['168.63.129.16', 'metadata'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.7', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('%s is refused as %s', (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '11.0.0.1',
  ])('%s is public', (address) => {
    expect(refusedRange(address)).toBeUndefined();
  });
});

describe('address policy: IPv6', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    // IPv4-mapped, dotted and hex spellings: judged by the IPv4 address inside
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.5', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:0:a00:1', 'private'], // IPv4-translated
    // IPv4-compatible (deprecated): private inside is named, public inside is still refused
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::808:808', 'reserved'],
    // NAT64 and 6to4 carrying private IPv4
    ['64:ff9b::10.0.0.5', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a9fe:a9fe::', 'metadata'],
    ['2002:c0a8:101::1', 'private'],
    // Teredo and the rest of the IETF block
    ['2001::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['fd00:ec2::254', 'metadata'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['100::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'], // outside 2000::/3, unallocated
    ['1::1', 'reserved'],
  ])('%s is refused as %s', (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  it.each([
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:4860::8888',
  ])('%s is public', (address) => {
    expect(refusedRange(address)).toBeUndefined();
  });

  it('text that is not an address fails closed', () => {
    expect(refusedRange('example.com')).toBe('reserved');
    expect(refusedRange('')).toBe('reserved');
    expect(refusedRange('127.0.0.1.5')).toBe('reserved');
  });

  it('expands every IPv6 spelling to the same value', () => {
    const one = ipv6ToBigInt('::ffff:7f00:1');
    expect(one).toBe(0xffff7f000001n);
    expect(ipv6ToBigInt('::ffff:127.0.0.1')).toBe(one);
    expect(ipv6ToBigInt('0:0:0:0:0:FFFF:7F00:0001')).toBe(one);
    expect(ipv6ToBigInt('fe80::')).toBe(0xfe80n << 112n);
    expect(ipv6ToBigInt('1:2:3:4:5:6:7:8')).toBe(0x00010002000300040005000600070008n);
    expect(ipv6ToBigInt('not-an-address')).toBeUndefined();
  });
});

describe('address policy: URLs (before any DNS)', () => {
  const refusal = (input: string, allow = new Set<string>()) => {
    try {
      checkTarget(input, allow);
    } catch (error) {
      expect(error).toBeInstanceOf(FetchRefusedError);
      return { reason: (error as FetchRefusedError).reason, message: (error as FetchRefusedError).message };
    }
    return undefined;
  };

  it.each([
    // odd IPv4 spellings: WHATWG URL parsing turns each into 127.0.0.1, which is then refused
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://127.1/',
    'http://127.0.0.1./',
    'http://%31%32%37.0.0.1/',
    'http://①②⑦.0.0.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://0/',
    'http://0.0.0.0:8080/',
    'http://[::]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://[64:ff9b::a00:5]/',
    'http://[2002:a00:5::]/',
    'https://10.0.0.5/',
    'https://192.168.0.1:8443/',
  ])('%s is refused as a private address', (input) => {
    expect(refusal(input)).toEqual({ reason: 'private-address', message: fetchMessages.privateAddress });
  });

  it.each([
    ['file:///etc/passwd', 'scheme', fetchMessages.scheme],
    ['ftp://example.com/', 'scheme', fetchMessages.scheme],
    ['gopher://example.com/', 'scheme', fetchMessages.scheme],
    ['javascript:alert(1)', 'scheme', fetchMessages.scheme],
    ['data:text/html,hi', 'scheme', fetchMessages.scheme],
    ['http://user:pass@example.com/', 'credentials', fetchMessages.credentials],
    ['http://user@example.com/', 'credentials', fetchMessages.credentials],
    ['http://:secret@example.com/', 'credentials', fetchMessages.credentials],
    ['http://example.com:25/', 'port', fetchMessages.port],
    ['https://example.com:22/', 'port', fetchMessages.port],
    ['not a url', 'invalid-url', fetchMessages.invalidUrl],
    ['example.com', 'invalid-url', fetchMessages.invalidUrl],
    ['http://', 'invalid-url', fetchMessages.invalidUrl],
  ])('%s is refused (%s)', (input, reason, message) => {
    expect(refusal(input)).toEqual({ reason, message });
  });

  it('accepts public addresses and names (names are checked after DNS)', () => {
    expect(checkTarget('https://example.com/a?b=c', new Set()).href).toBe('https://example.com/a?b=c');
    expect(checkTarget('http://8.8.8.8:8080/', new Set()).hostname).toBe('8.8.8.8');
    expect(checkTarget('http://[2606:4700::1111]/', new Set()).hostname).toBe('[2606:4700::1111]');
  });
});

describe('FETCH_ALLOW', () => {
  it('normalises host:port entries and ignores anything else', () => {
    const keys = allowList([
      '127.0.0.1:4321',
      'LOCALHOST:4321',
      '[::1]:80',
      '0x7f.1:9000',
      'nohost',
      'a:b',
      'http://x:1',
      '',
    ]);
    expect([...keys].sort()).toEqual(['127.0.0.1:4321', '127.0.0.1:9000', '[::1]:80', 'localhost:4321']);
  });

  it('opens only the listed loopback host and port', () => {
    const allow = allowList(['127.0.0.1:4321', 'localhost:4321', 'sandbox.test:4321', '10.0.0.5:80', 'lan.test:80']);
    expect(checkTarget('http://127.0.0.1:4321/x', allow).port).toBe('4321');
    expect(checkTarget('http://2130706433:4321/x', allow).hostname).toBe('127.0.0.1');
    expect(() => checkAddresses('localhost', 4321, ['127.0.0.1', '::1'], allow)).not.toThrow();
    expect(() => checkAddresses('sandbox.test', 4321, ['127.0.0.1'], allow)).not.toThrow();

    const refusedAs = (fn: () => unknown) => {
      try {
        fn();
        return 'allowed';
      } catch (error) {
        return (error as FetchRefusedError).reason;
      }
    };
    // another port, another loopback spelling, another host on the same address
    expect(refusedAs(() => checkTarget('http://127.0.0.1:4322/', allow))).toBe('private-address');
    expect(refusedAs(() => checkTarget('http://127.0.0.1/', allow))).toBe('private-address');
    expect(refusedAs(() => checkTarget('http://[::1]:4321/', allow))).toBe('private-address');
    expect(refusedAs(() => checkTarget('http://127.0.0.2:4321/', allow))).toBe('private-address');
    expect(refusedAs(() => checkAddresses('other.test', 4321, ['127.0.0.1'], allow))).toBe('private-address');
    // a listed name that resolves anywhere but loopback, and a listed private address: never opened
    expect(refusedAs(() => checkAddresses('sandbox.test', 4321, ['127.0.0.1', '10.0.0.5'], allow))).toBe(
      'private-address',
    );
    expect(refusedAs(() => checkAddresses('lan.test', 80, ['192.168.1.10'], allow))).toBe('private-address');
    expect(refusedAs(() => checkTarget('http://10.0.0.5/', allow))).toBe('private-address');
  });

  it('is empty by default: nothing private is open', () => {
    expect(allowList([]).size).toBe(0);
    expect(() => checkAddresses('localhost', 5173, ['127.0.0.1'], allowList([]))).toThrow(fetchMessages.privateAddress);
  });

  it('refuses a name when any one of its answers is private, and a name with no answers', () => {
    const none = new Set<string>();
    expect(() => checkAddresses('public.example', 443, ['93.184.216.34', '8.8.8.8'], none)).not.toThrow();
    expect(() => checkAddresses('public.example', 443, ['93.184.216.34', '10.0.0.5'], none)).toThrow(
      fetchMessages.privateAddress,
    );
    expect(() => checkAddresses('public.example', 443, ['2606:4700::1', '::ffff:7f00:1'], none)).toThrow(
      fetchMessages.privateAddress,
    );
    expect(() => checkAddresses('public.example', 443, [], none)).toThrow(fetchMessages.dns('public.example'));
  });
});
