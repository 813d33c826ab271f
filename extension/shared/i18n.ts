/**
 * Every string the user sees goes through `t`, backed by `_locales` (`chrome.i18n`): the
 * browser picks the locale. The English catalogue is also bundled, for keys the browser cannot
 * answer (tests in Node) and so that a key that does not exist is a compile error.
 */
import en from '../../_locales/en/messages.json';

export type MessageKey = keyof typeof en;

/** `$1`…`$9` in a message are replaced by `subs`, as `chrome.i18n.getMessage` does. */
export function format(message: string, subs: readonly string[]): string {
  return message.replace(/\$([1-9])/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}

export function t(key: MessageKey, ...subs: (string | number)[]): string {
  const args = subs.map(String);
  const i18n = (globalThis as { chrome?: { i18n?: typeof chrome.i18n } }).chrome?.i18n;
  return i18n?.getMessage(key, args) || format(en[key].message, args);
}

/** "1 model" / "3 models": English-style plural forms, each a message of its own. */
export function plural(count: number, one: MessageKey, many: MessageKey): string {
  return t(count === 1 ? one : many, count);
}
