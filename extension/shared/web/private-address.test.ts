import { describe, expect, test } from 'vitest';
import { privateAddress, privateIp } from './private-address';

describe('privateAddress', () => {
  test.each([
    // This computer, by name and by number.
    ['http://localhost:11434/api', 'localhost'],
    ['http://LOCALHOST./', 'localhost.'],
    ['https://app.localhost/', 'app.localhost'],
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://127.8.9.10:8080/x', '127.8.9.10'],
    ['http://0.0.0.0:3000/', '0.0.0.0'],
    ['http://0/', '0.0.0.0'],
    // Spellings the URL parser turns into 127.0.0.1: hex, integer, octal, short, with userinfo.
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://user:pw@127.0.0.1/', '127.0.0.1'],
    ['http:\\\\127.0.0.1\\secret', '127.0.0.1'],
    // Private networks.
    ['http://10.1.2.3/', '10.1.2.3'],
    ['http://172.16.0.1/', '172.16.0.1'],
    ['http://172.31.255.255/', '172.31.255.255'],
    ['http://192.168.1.1/', '192.168.1.1'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://100.64.0.1/', '100.64.0.1'],
    ['http://100.127.255.254/', '100.127.255.254'],
    ['http://224.0.0.1/', '224.0.0.1'],
    ['http://255.255.255.255/', '255.255.255.255'],
    // IPv6: loopback, unspecified, unique local, link-local, and IPv4 inside IPv6.
    ['http://[::1]:8080/', '[::1]'],
    ['http://[0:0:0:0:0:0:0:1]/', '[::1]'],
    ['http://[::]/', '[::]'],
    ['http://[fc00::1]/', '[fc00::1]'],
    ['http://[fd12:3456::1]/', '[fd12:3456::1]'],
    ['http://[fe80::1]/', '[fe80::1]'],
    ['http://[febf::1]/', '[febf::1]'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[::ffff:192.168.0.1]/', '[::ffff:c0a8:1]'],
    ['http://[::ffff:7f00:1]/', '[::ffff:7f00:1]'],
    ['http://[64:ff9b::10.0.0.1]/', '[64:ff9b::a00:1]'],
    ['http://[2002:c0a8:101::1]/', '[2002:c0a8:101::1]'],
    // Names that only mean something inside a network.
    ['http://printer.local/', 'printer.local'],
    ['https://wiki.corp.internal/page', 'wiki.corp.internal'],
    ['http://nas.home.arpa/', 'nas.home.arpa'],
    ['http://router/', 'router'],
    ['http://intranet./', 'intranet.'],
  ])('%s is private (%s)', (url, host) => {
    expect(privateAddress(url)).toBe(host);
  });

  test.each([
    'https://news.example/article',
    'https://example.com/',
    'http://8.8.8.8/',
    'http://1.1.1.1/',
    'http://172.15.255.255/',
    'http://172.32.0.1/',
    'http://100.63.255.255/',
    'http://100.128.0.1/',
    'http://169.253.0.1/',
    'http://192.169.0.1/',
    'http://11.0.0.1/',
    'http://126.255.255.255/',
    'http://128.0.0.1/',
    'http://[2001:4860:4860::8888]/',
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::8.8.8.8]/',
    'https://localhost.example.com/',
    'https://local.example/',
    'https://my.local.news/',
    // A public name is judged as a name, whatever it resolves to (see the module comment).
    'https://127.0.0.1.nip.io/',
  ])('%s is public', (url) => {
    expect(privateAddress(url)).toBeUndefined();
  });

  test('a string that is not a URL is nothing to fetch, not a private address', () => {
    expect(privateAddress('not a url')).toBeUndefined();
  });
});

describe('privateIp: the server address a request went to, as the browser reports it', () => {
  test.each([
    ['127.0.0.1', true],
    ['10.20.30.40', true],
    ['192.168.0.7', true],
    ['169.254.169.254', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['fd00::2', true],
    ['fe80::1', true],
    ['93.184.215.14', false],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', false],
    // Not an address: refused rather than guessed.
    ['', true],
    ['example.com', true],
    ['not an ip', true],
  ])('%s → %s', (ip, isPrivate) => {
    expect(privateIp(ip)).toBe(isPrivate);
  });
});
