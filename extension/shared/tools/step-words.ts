/**
 * A tool step's status in words, for the panel and for the Markdown export alike; and its
 * arguments and result as fenced Markdown, which keeps them text.
 */
import { t } from '../i18n';
import type { ToolStep } from './tool-steps';

/** The step's status in words; a step left waiting or running by an answer that ended never finished. */
export function statusText(step: ToolStep, answering: boolean, language?: string): string {
  switch (step.status) {
    case 'waiting':
      // Not yet known to ask (the call just came): it is about to run, or to ask.
      if (answering) return step.asks ? t('stepWaiting') : t('stepRunning');
      return t('stepNotFinished');
    case 'running':
      return answering ? t('stepRunning') : t('stepNotFinished');
    case 'done':
      return step.ms === undefined ? t('stepDoneLabel') : t('stepDoneIn', seconds(step.ms, language));
    case 'failed':
      return t('stepFailedLabel');
    case 'denied':
      return t('stepDeniedLabel');
    case 'skipped':
      return t('stepSkippedLabel');
  }
}

/** A duration as the user's language writes it: "1.2 s", "1,2 s", "0.05 s". */
export function seconds(ms: number, language?: string): string {
  return `${numberFormat(language, ms < 100 ? 2 : 1).format(ms / 1000)} s`;
}

/** Formats by language and digits, made once each: making one per step per render was a sixth of the panel's time in a loop (bench:tools). */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string | undefined, digits: number): Intl.NumberFormat {
  const key = `${language ?? ''}/${String(digits)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: 1 });
    formats.set(key, format);
  }
  return format;
}

/** A step as Markdown: what was called and how it went, then its arguments and result as code. */
export function stepMarkdown(step: ToolStep, language?: string): string {
  const called = t('stepCalled', `\`${step.tool}\``, step.source || 'Gloss');
  const out = [
    `_${called}: ${statusText(step, false, language)}_`,
    '',
    fenced('json', JSON.stringify(step.arguments, null, 2)),
  ];
  if (step.result !== undefined) out.push('', fenced('text', step.result));
  return out.join('\n');
}

/** `text` in a code fence no line of it can close: longer than its longest run of backticks. */
function fenced(info: string, text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}
