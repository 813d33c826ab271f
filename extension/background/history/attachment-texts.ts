/**
 * Attachment text is stored once per conversation. A quote of a few MB is copied into every
 * version of its turn (Regenerate and Edit keep the material), so storing it inline made a
 * conversation grow by the whole quote per version. Turns hold a reference instead: the text's
 * SHA-256 within its conversation, so equal texts share one record and nothing can point into
 * another conversation's material. Turns written before this are read as they are (inline).
 * A question's images are copied into every version the same way, so their base64 is stored
 * the same way: a record in `texts`, referred to by its hash.
 */
import * as v from 'valibot';
import { AttachmentSchema } from '../../shared/attachment';
import { TurnSchema, type TurnRecord } from '../../shared/history';
import { ImageSchema, type QuestionImage } from '../../shared/images/image';

export const AttachmentRefSchema = v.object({
  kind: AttachmentSchema.entries.kind,
  title: AttachmentSchema.entries.title,
  url: AttachmentSchema.entries.url,
  pages: AttachmentSchema.entries.pages,
  sent: AttachmentSchema.entries.sent,
  /** The key of the text's record in the `texts` store. */
  textId: v.string(),
  chars: v.number(),
});
export type AttachmentRef = v.InferOutput<typeof AttachmentRefSchema>;

/** An image by reference: its base64 is the `texts` record `dataId`. */
export const ImageRefSchema = v.object({
  mediaType: ImageSchema.entries.mediaType,
  width: ImageSchema.entries.width,
  height: ImageSchema.entries.height,
  dataId: v.string(),
});
export type ImageRef = v.InferOutput<typeof ImageRefSchema>;

/** A turn as the database holds it: attachments by reference (or inline, if written earlier). */
export const StoredTurnSchema = v.object({
  ...TurnSchema.entries,
  attachments: v.optional(v.array(v.union([AttachmentRefSchema, AttachmentSchema]))),
  images: v.optional(v.array(v.union([ImageRefSchema, ImageSchema]))),
});
export type StoredTurn = v.InferOutput<typeof StoredTurnSchema>;

export interface TextRecord {
  id: string;
  conversationId: string;
  text: string;
}

async function textId(conversationId: string, text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${conversationId}:${hex}`;
}

/**
 * The stored form of turns and the text records they refer to. Hashing is asynchronous, so this
 * runs before the transaction that writes (an IndexedDB transaction ends at the first await
 * on anything else).
 */
export async function storedForm(turns: readonly TurnRecord[]): Promise<{ turns: StoredTurn[]; texts: TextRecord[] }> {
  const texts = new Map<string, TextRecord>();
  const stored: StoredTurn[] = [];
  for (const turn of turns) {
    const refs: AttachmentRef[] = [];
    for (const { text, ...rest } of turn.attachments ?? []) {
      const id = await textId(turn.conversationId, text);
      texts.set(id, { id, conversationId: turn.conversationId, text });
      refs.push({ ...rest, textId: id, chars: text.length });
    }
    const images: ImageRef[] = [];
    for (const { data, ...rest } of turn.images ?? []) {
      const id = await textId(turn.conversationId, data);
      texts.set(id, { id, conversationId: turn.conversationId, text: data });
      images.push({ ...rest, dataId: id });
    }
    stored.push({
      ...turn,
      attachments: turn.attachments ? refs : undefined,
      images: turn.images ? images : undefined,
    });
  }
  return { turns: stored, texts: [...texts.values()] };
}

/** The ids of texts a stored turn refers to. */
export function textIds(turn: StoredTurn): string[] {
  const images = (turn.images ?? []).flatMap((i) => ('dataId' in i ? [i.dataId] : []));
  return [...(turn.attachments ?? []).flatMap((a) => ('textId' in a ? [a.textId] : [])), ...images];
}

/**
 * A stored turn with its texts filled in; null when a text it refers to is missing (a damaged
 * record: counted and skipped like any other, never sent to a model half empty).
 */
export function withTexts(turn: StoredTurn, texts: ReadonlyMap<string, string>): TurnRecord | null {
  const attachments = filled(turn.attachments, (a) => {
    if (!('textId' in a)) return a;
    const { textId, chars: _, ...rest } = a;
    const text = texts.get(textId);
    return text === undefined ? null : { ...rest, text };
  });
  const images = filled(turn.images, (i): QuestionImage | null => {
    if (!('dataId' in i)) return i;
    const { dataId, ...rest } = i;
    const data = texts.get(dataId);
    return data === undefined ? null : { ...rest, data };
  });
  if (attachments === null || images === null) return null;
  return { ...turn, attachments, images };
}

/** Each stored item filled in by `fill`; null when any cannot be (its text is missing). */
function filled<Stored, Filled>(
  stored: readonly Stored[] | undefined,
  fill: (item: Stored) => Filled | null,
): Filled[] | undefined | null {
  if (!stored) return undefined;
  const out: Filled[] = [];
  for (const item of stored) {
    const value = fill(item);
    if (value === null) return null;
    out.push(value);
  }
  return out;
}

/** Stored turns with their attachment texts; one whose text is missing counts as damaged. */
export function joined(
  stored: { value: StoredTurn[]; damaged: number },
  texts: ReadonlyMap<string, string>,
): { value: TurnRecord[]; damaged: number } {
  const value = stored.value.map((t) => withTexts(t, texts)).filter((t): t is TurnRecord => t !== null);
  return { value, damaged: stored.damaged + stored.value.length - value.length };
}

/** The texts found, by id. */
export const textMap = (records: readonly (TextRecord | undefined)[]): Map<string, string> =>
  new Map(records.filter((r): r is TextRecord => r !== undefined).map((r) => [r.id, r.text]));
