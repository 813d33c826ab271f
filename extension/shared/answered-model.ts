/**
 * The model a response names next to the one the user chose. Servers often answer with another
 * name than the one asked for: llama.cpp serves whatever file it loaded and names its path,
 * OpenAI and Anthropic name the dated snapshot behind an alias, Ollama adds a `:latest` tag. The
 * first is another model and worth saying; the others are the same model named more exactly,
 * and saying "you asked for X, got Y" about them would only alarm. Used by the worker's
 * connection test and by the answer's model line.
 *
 * Why here and not in the core: the panel names the model under each answer as it renders,
 * and only the worker has the WASM (the panel would need a message to the worker for every
 * answer shown). So this one comparison stays in `shared`, used by both, and is tested in Node.
 */
import { localModelInfo } from './local-model/catalogue';

/**
 * A model id for display. Local servers such as llama.cpp name a model by its file path (as
 * given to `-m`: absolute, relative or Windows'); the file name is what people recognise. Ids
 * like `openai/gpt-4o` are kept whole.
 */
export function modelName(id: string): string {
  // A model inside Gloss goes by its catalogue name, not its file's id.
  const local = localModelInfo(id);
  if (local) return local.label;
  const path = /^([A-Za-z]:)?[\\/]/.test(id) || /\.gguf$/i.test(id);
  return path ? (id.split(/[\\/]/).pop() ?? id) : id;
}

/** The last part of an id (`models/gemini-2.5-flash` → `gemini-2.5-flash`), for comparing only. */
const lastPart = (id: string) => id.split(/[\\/]/).pop() || id;

/**
 * A version suffix that names the same model more exactly: a date (`-2024-07-18`,
 * `-20250929`), a revision (`-002`), a tag (`:latest`, `:8b`) or `-latest`.
 */
const SAME_MODEL_SUFFIX = /^(-(\d{4}-\d{2}-\d{2}|\d{8}|\d{3}|latest)|:[\w.-]+)$/;

/** Whether `answered` (as the response names it) is another model than `asked` (as the user chose it). */
export function isOtherModel(asked: string, answered: string): boolean {
  const want = asked.trim().toLowerCase();
  const got = answered.trim().toLowerCase();
  if (!want || !got) return false;
  const named = (form: string, chosen: string) =>
    form === chosen || (form.startsWith(chosen) && SAME_MODEL_SUFFIX.test(form.slice(chosen.length)));
  // An alias for the newest snapshot (`claude-3-5-sonnet-latest`) is answered by the snapshot's
  // own name, which starts like the alias without its `-latest`.
  const alias = want.replace(/[-:]latest$/, '');
  const chosen = [want, lastPart(want), alias, lastPart(alias)];
  return ![got, lastPart(got)].some((form) => chosen.some((c) => named(form, c)));
}
