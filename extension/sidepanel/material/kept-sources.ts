/**
 * The composer's sources survive the panel closing, as its draft does (`useDraft`): a quote
 * attached, a question typed, the panel closed and opened again, and both are back, so Send
 * never asks the question without the material it was typed about. They are kept per window (the
 * material is about that window's pages), in `storage.session` (the browser's session, never
 * written to disk; only Gloss's own pages and worker can read it), checked when read back like
 * anything stored.
 */
import * as v from 'valibot';
import { AttachmentSchema } from '../../shared/attachment';
import type { Source } from './sources';

export { keptSourcesKey } from '../../shared/attachment';

const SourcesSchema = v.array(
  v.object({
    ...AttachmentSchema.entries,
    range: v.optional(v.string()),
    whole: v.optional(v.string()),
    askPages: v.optional(v.boolean()),
  }),
);

/** The sources kept, or none when what is stored is not a list of sources. */
export function readKeptSources(stored: unknown): Source[] {
  const parsed = v.safeParse(SourcesSchema, stored);
  return parsed.success ? parsed.output : [];
}
