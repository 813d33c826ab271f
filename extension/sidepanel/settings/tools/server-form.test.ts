import { describe, expect, test } from 'vitest';
import { draftOf, headerProblem, headersChanged, newHeader, serverInput, type HeaderRow } from './server-form';

const SAVED = {
  id: 's1',
  name: 'Work tools',
  url: 'https://mcp.example.com/mcp',
  headerNames: ['Authorization', 'X-Team'],
  enabled: true,
  policies: {},
};
const typed = (name: string, value: string): HeaderRow => ({ ...newHeader(), name, value });

describe('the form of a saved server', () => {
  test('shows its headers by name, with no value', () => {
    const draft = draftOf(SAVED);
    expect(draft).toMatchObject({ name: 'Work tools', url: 'https://mcp.example.com/mcp' });
    expect(draft.headers.map((h) => [h.name, h.saved, h.value])).toEqual([
      ['Authorization', true, null],
      ['X-Team', true, null],
    ]);
    expect(new Set(draft.headers.map((h) => h.key)).size).toBe(2);
  });

  test('saved unchanged, it sends no headers, which keeps them', () => {
    const draft = { ...draftOf(SAVED), name: ' Renamed ' };
    expect(serverInput(draft, SAVED.headerNames, 's1')).toEqual({
      ok: true,
      input: { id: 's1', name: 'Renamed', url: 'https://mcp.example.com/mcp' },
    });
  });

  test('a header removed sends the rest, which then must be typed again', () => {
    const [auth, team] = draftOf(SAVED).headers as [HeaderRow, HeaderRow];
    const draft = { ...draftOf(SAVED), headers: [auth] };
    expect(headersChanged(draft.headers, SAVED.headerNames)).toBe(true);
    expect(serverInput(draft, SAVED.headerNames, 's1')).toMatchObject({ ok: false, field: 'headers' });
    const retyped = { ...draft, headers: [{ ...auth, value: 'Bearer new' }] };
    expect(serverInput(retyped, SAVED.headerNames, 's1')).toEqual({
      ok: true,
      input: {
        id: 's1',
        name: 'Work tools',
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer new' },
      },
    });
    expect(team.name).toBe('X-Team');
  });

  test('every header removed sends none, which removes them all', () => {
    const draft = { ...draftOf(SAVED), headers: [] };
    expect(serverInput(draft, SAVED.headerNames, 's1')).toEqual({
      ok: true,
      input: { id: 's1', name: 'Work tools', url: 'https://mcp.example.com/mcp', headers: {} },
    });
  });

  test('a saved header kept beside a change is named, as its value is not in the panel', () => {
    const draft = { ...draftOf(SAVED) };
    draft.headers = [...draft.headers, typed('X-Extra', '1')];
    const checked = serverInput(draft, SAVED.headerNames, 's1');
    expect(checked).toEqual({
      ok: false,
      field: 'headers',
      message: 'Saving changed headers replaces them all: enter the value of “Authorization” again, or remove it.',
    });
  });
});

describe('a new server', () => {
  test('without headers sends none; with headers sends them by their trimmed names', () => {
    const draft = { name: 'Everything', url: ' http://127.0.0.1:3001/mcp ', headers: [] };
    expect(serverInput(draft, [])).toEqual({
      ok: true,
      input: { name: 'Everything', url: 'http://127.0.0.1:3001/mcp' },
    });
    const withHeader = { ...draft, headers: [typed(' Authorization ', 'Bearer t')] };
    expect(serverInput(withHeader, [])).toMatchObject({ ok: true, input: { headers: { Authorization: 'Bearer t' } } });
  });

  test.each([
    [[typed('', 'x')], 'Header 1 has no name.'],
    [[typed('Bad Name', 'x')], '“Bad Name” is not a header name: use letters, digits and - only.'],
    [[typed('X-A', '1'), typed('x-a', '2')], 'The header “x-a” is there twice.'],
    [[typed('X-A', '  ')], 'Enter a value for “X-A”, or remove it.'],
    [Array.from({ length: 11 }, (_, i) => typed(`X-${String(i)}`, 'v')), 'A server can have at most 10 headers.'],
  ])('a header row that cannot be sent is refused with a reason (%#)', (headers, message) => {
    expect(headerProblem(headers)).toBe(message);
    expect(serverInput({ name: 'S', url: 'https://s.example', headers }, [])).toEqual({
      ok: false,
      field: 'headers',
      message,
    });
  });
});
