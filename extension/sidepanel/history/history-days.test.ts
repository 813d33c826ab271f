import { expect, test } from 'vitest';
import { dayGroups } from './history-days';

// A Friday afternoon, in the machine's own time zone as the panel's would be.
const NOW = new Date(2026, 10, 27, 15, 30);
const at = (days: number, hour = 9) => ({
  id: `${days}-${hour}`,
  updatedAt: new Date(2026, 10, 27 - days, hour).getTime(),
});

test('conversations are grouped Today, Yesterday, the previous 7 and 30 days, then by month', () => {
  const items = [at(0, 14), at(0, 1), at(1, 23), at(1, 0), at(3), at(7), at(8), at(29), at(31), at(40), at(80)];
  const groups = dayGroups(items, NOW);
  expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
    ['Today', ['0-14', '0-1']],
    ['Yesterday', ['1-23', '1-0']],
    ['Previous 7 days', ['3-9', '7-9']],
    ['Previous 30 days', ['8-9', '29-9']],
    ['October 2026', ['31-9', '40-9']],
    ['September 2026', ['80-9']],
  ]);
});

test('nothing to group gives no groups; a clock set back still shows a recent one as today', () => {
  expect(dayGroups([], NOW)).toEqual([]);
  const later = { id: 'later', updatedAt: NOW.getTime() + 60_000 };
  expect(dayGroups([later], NOW).map((g) => g.key)).toEqual(['today']);
});
