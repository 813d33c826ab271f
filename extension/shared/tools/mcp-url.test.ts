/** MCP server addresses: http(s) with a host, and plain http only to this computer and private networks. */
import { describe, expect, test } from 'vitest';
import { mcpUrlProblem } from './mcp-url';

describe('an MCP server address', () => {
  test.each([
    'https://mcp.example.com/mcp',
    'http://127.0.0.1:3001/mcp',
    'http://localhost:8080/sse',
    'http://192.168.1.20/mcp',
    'http://[::1]:9000/mcp',
  ])('%s is taken', (url) => {
    expect(mcpUrlProblem(url)).toBeNull();
  });

  test.each(['', 'mcp.example.com', 'ftp://example.com/mcp', 'file:///etc/passwd', 'https://user:pw@example.com/mcp'])(
    '%s is not an address Gloss connects to',
    (url) => {
      expect(mcpUrlProblem(url)).toMatch(/full address/);
    },
  );

  test('plain http to a public host is refused, naming it', () => {
    expect(mcpUrlProblem('http://mcp.example.com/mcp')).toMatch(/http:\/\/mcp\.example\.com over plain http:\/\//);
    // A public name that only starts like a loopback address.
    expect(mcpUrlProblem('http://127.0.0.1.example.com/mcp')).toMatch(/plain http/);
  });
});
