/**
 * Every string the user sees goes through `t`, backed by `_locales` (`browser.i18n`): the
 * browser picks the locale. The English catalogue is also bundled, for keys the browser cannot
 * answer (tests in Node) and so that a key that does not exist is a compile error.
 */
import type { Localized } from '../../crates/gloss-wasm/pkg/gloss_wasm';
import browser from 'webextension-polyfill';
import en from '../../_locales/en/messages.json';

export type MessageKey = keyof typeof en;

/** The languages Gloss ships (`_locales`; a test keeps the two in step). */
export const LOCALES = ['en', 'de'] as const;

/** `$1`…`$9` in a message are replaced by `subs`, as `i18n.getMessage` does. */
export function format(message: string, subs: readonly string[]): string {
  return message.replace(/\$([1-9])/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}

export function t(key: MessageKey, ...subs: (string | number)[]): string {
  const args = subs.map(String);
  // Absent in Node (unit tests), where the bundled English answers.
  const i18n = browser.i18n as typeof browser.i18n | undefined;
  return i18n?.getMessage(key, args) || format(en[key].message, args);
}

/** The browser's language (`de`, `en-US`): the one Gloss speaks, and formats numbers in. */
export function uiLanguage(): string {
  // Absent in Node (unit tests), where Gloss speaks English.
  const i18n = browser.i18n as typeof browser.i18n | undefined;
  return i18n?.getUILanguage() || 'en';
}

/** "1 model" / "3 models": English-style plural forms, each a message of its own. */
export function plural(count: number, one: MessageKey, many: MessageKey): string {
  return t(count === 1 ? one : many, count);
}

function isKey(key: string): key is MessageKey {
  return key in en;
}

/**
 * The core's error message in the user's language: built from its parts exactly as the core
 * builds the English one (a Rust test checks that the English parts give the English message).
 * Without parts, or for an unknown key, the core's own message is used.
 */
export function localizeError(message: string, parts?: Localized): string {
  if (!parts || !isKey(parts.key)) return message;
  let said = t(parts.key, ...(parts.args ?? []));
  if (parts.status !== undefined) said = t('errWithStatus', said, parts.status);
  said = `${said.replace(/\.+$/, '')}.`;
  return parts.detail === undefined ? said : `${said} ${t('errProviderSaid', parts.detail)}`;
}

/** A settings problem from the core, in the user's language. */
export function localizeProblem<P extends { message: string; key?: string }>(problem: P): P {
  return problem.key && isKey(problem.key) ? { ...problem, message: t(problem.key) } : problem;
}
