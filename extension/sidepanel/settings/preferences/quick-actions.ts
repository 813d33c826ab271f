/**
 * Changes to the quick actions library (Settings): one moved up or down, one edited. Pure, so
 * the rules are tested in Node; the settings schema checks the result again in the worker.
 */
import * as v from 'valibot';
import { QuickActionSchema, type QuickAction } from '../../../shared/preferences';

/** The list with the action at `index` moved one place (`by` -1 up, 1 down); the same list at an end. */
export function moved(actions: readonly QuickAction[], index: number, by: -1 | 1): QuickAction[] {
  const to = index + by;
  if (index < 0 || index >= actions.length || to < 0 || to >= actions.length) return [...actions];
  const next = [...actions];
  [next[index], next[to]] = [next[to] as QuickAction, next[index] as QuickAction];
  return next;
}

/**
 * The list with action `id`'s name and question changed (trimmed), or null when either is empty
 * or too long. Its id stays: a built-in action edited is no longer the shipped text, so it no
 * longer follows the browser's language (`inCurrentLanguage`).
 */
export function edited(
  actions: readonly QuickAction[],
  id: string,
  change: { label: string; prompt: string },
): QuickAction[] | null {
  const checked = v.safeParse(QuickActionSchema, { id, ...change });
  if (!checked.success) return null;
  return actions.map((a) => (a.id === id ? checked.output : a));
}
