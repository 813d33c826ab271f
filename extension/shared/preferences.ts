/**
 * What the user chose for the panel itself: quick actions and the theme. Part of the stored
 * settings, but a concern of its own: each choice has its default and falls back to it alone
 * when damaged, and changes for the panel's sake, not the providers' or the record's version.
 */
import * as v from 'valibot';
import { t, type MessageKey } from './i18n';

/** A one-click question: "Summarize", "Explain"… and the user's own. */
export const QuickActionSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(100)),
  label: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)),
  prompt: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(4000)),
});
export type QuickAction = v.InferOutput<typeof QuickActionSchema>;

/**
 * The built-in actions, in the browser's language when they are first stored. `{language}` in a
 * prompt becomes the browser's language when the action is used.
 */
export const BUILT_IN_ACTIONS: Record<string, [label: MessageKey, prompt: MessageKey]> = {
  summarize: ['actionSummarize', 'actionSummarizePrompt'],
  explain: ['actionExplain', 'actionExplainPrompt'],
  translate: ['actionTranslate', 'actionTranslatePrompt'],
  simplify: ['actionSimplify', 'actionSimplifyPrompt'],
};

export const DEFAULT_QUICK_ACTIONS: QuickAction[] = Object.entries(BUILT_IN_ACTIONS).map(([id, [label, prompt]]) => ({
  id,
  label: t(label),
  prompt: t(prompt),
}));

/** One language's messages, as in `_locales/<language>/messages.json`. */
export type Catalogue = Partial<Record<string, { message: string }>>;

/**
 * The quick actions in the browser's language: a built-in one still as Gloss stored it, in any
 * language it ships (`catalogues`), is shown in today's; one the user edited stays as written.
 * (The defaults are stored in the language of the first run: a profile begun in English and
 * opened in German kept English chips.)
 */
export function inCurrentLanguage(actions: QuickAction[], catalogues: readonly Catalogue[]): QuickAction[] {
  return actions.map((action) => {
    const keys = BUILT_IN_ACTIONS[action.id];
    if (!keys) return action;
    const [label, prompt] = keys;
    const untouched = catalogues.some(
      (c) => c[label]?.message === action.label && c[prompt]?.message === action.prompt,
    );
    return untouched ? { id: action.id, label: t(label), prompt: t(prompt) } : action;
  });
}

/** As long as a conversation's own instructions may be (shared/history `MAX_INSTRUCTIONS`). */
export const MAX_DEFAULT_INSTRUCTIONS = 20_000;

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The panel's text size (base.css scales its whole type scale by it). */
export const TEXT_SIZES = ['small', 'normal', 'large'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

/**
 * The preferences' entries in the stored and public settings. Absent in older records, or
 * damaged: the defaults, without losing the rest of the settings.
 */
export const PreferencesEntries = {
  quickActions: v.fallback(
    v.optional(v.pipe(v.array(QuickActionSchema), v.maxLength(50)), DEFAULT_QUICK_ACTIONS),
    DEFAULT_QUICK_ACTIONS,
  ),
  theme: v.fallback(v.optional(v.picklist(THEMES), 'system'), 'system'),
  textSize: v.fallback(v.optional(v.picklist(TEXT_SIZES), 'normal'), 'normal'),
  /** Instructions every new chat starts with (its own replace them). */
  instructions: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(MAX_DEFAULT_INSTRUCTIONS)), ''), ''),
};
/** A change from the panel: each preference is changed only when given. */
export const PreferencesSchema = v.object({
  quickActions: v.optional(v.pipe(v.array(QuickActionSchema), v.maxLength(50))),
  theme: v.optional(v.picklist(THEMES)),
  textSize: v.optional(v.picklist(TEXT_SIZES)),
  instructions: v.optional(v.pipe(v.string(), v.maxLength(MAX_DEFAULT_INSTRUCTIONS))),
});
export type Preferences = v.InferOutput<typeof PreferencesSchema>;
