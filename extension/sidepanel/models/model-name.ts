/** Model names as the panel shows them. */
import { isOtherModel, modelName } from '../../shared/answered-model';
import { t } from '../../shared/i18n';

export { modelName };

/**
 * The model in an answer's model line: the one chosen, unless the response named another (then
 * that one, with the one asked for). A dated snapshot of the chosen model is the same model.
 */
export function answerModel(chosen: string | undefined, answeredBy: string | undefined): string {
  if (!answeredBy) return chosen ? modelName(chosen) : '';
  if (!chosen) return modelName(answeredBy);
  return isOtherModel(chosen, answeredBy)
    ? t('answeredByOther', modelName(answeredBy), modelName(chosen))
    : modelName(chosen);
}

/** The longest end of a name that is always shown whole. */
const TAIL = 12;
const SEPARATOR = /[./:_\- ]/;

/**
 * A name split for eliding in the middle: the head may be cut (with an ellipsis, by CSS), the
 * tail is always shown, so `SmolLM2-135M-Instruct.Q4_1.gguf` can show as `SmolLM2-1…Q4_1.gguf`
 * and `claude-3-5-sonnet-20241022` keeps its date. The tail starts after a separator near the
 * end when there is one, so it is a whole part of the name.
 */
export function middleElision(name: string): { head: string; tail: string } {
  const chars = Array.from(name);
  if (chars.length <= TAIL) return { head: name, tail: '' };
  const end = chars.slice(-TAIL);
  const cut = end.findIndex((c) => SEPARATOR.test(c));
  // A separator too near the end would leave a tail like "gguf" that says little.
  const from = cut >= 0 && TAIL - cut - 1 >= 4 ? cut + 1 : 0;
  const tail = end.slice(from).join('');
  return { head: chars.slice(0, chars.length - TAIL + from).join(''), tail };
}
