/**
 * A model id for display. Local servers such as llama.cpp name a model by its file path; the
 * file name is what people recognise. Ids like `openai/gpt-4o` are kept whole.
 */
export function modelName(id: string): string {
  return id.startsWith('/') || /^[A-Za-z]:\\/.test(id) ? (id.split(/[\\/]/).pop() ?? id) : id;
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
