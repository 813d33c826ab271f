/**
 * The history list in groups by when each conversation was last used, newest first: Today,
 * Yesterday, the previous 7 and 30 days, then by month ("October 2026"), in the browser's
 * calendar and language. A search's matches are listed by relevance, not grouped.
 */
import { t, uiLanguage } from '../../shared/i18n';

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The group `time` falls in, seen on `now`'s day. */
function groupOf(time: number, now: Date): { key: string; label: string } {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  // Calendar days, not 24-hour steps: a day with a clock change is 23 or 25 hours long.
  const daysBefore = (days: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - days).getTime();
  if (time >= today) return { key: 'today', label: t('historyToday') };
  if (time >= daysBefore(1)) return { key: 'yesterday', label: t('historyYesterday') };
  if (time >= daysBefore(7)) return { key: 'week', label: t('historyWeek') };
  if (time >= daysBefore(30)) return { key: 'month', label: t('historyMonth') };
  const date = new Date(time);
  const label = new Intl.DateTimeFormat(uiLanguage(), { month: 'long', year: 'numeric' }).format(date);
  return { key: `${date.getFullYear()}-${date.getMonth() + 1}`, label };
}

/** `items` (newest first) in their groups, in order; an item from the future counts as today. */
export function dayGroups<T extends { updatedAt: number }>(items: readonly T[], now: Date): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const { key, label } = groupOf(Math.min(item.updatedAt, now.getTime() + DAY_MS), now);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label, items: [item] });
  }
  return groups;
}
