/** Answers as OpenAI-format SSE bodies, for the scripted provider server. */

/** One event carrying `content`. */
export function sseEvent(content: string): Buffer {
  return Buffer.from(
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
  );
}

/** The end of a good stream: a stop reason, then `[DONE]`. */
export const SSE_DONE = Buffer.from(
  'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
);

/** One event per piece, without the end (add `SSE_DONE`, or hold the stream open). */
export function ssePieces(pieces: readonly string[]): Buffer[] {
  return pieces.map(sseEvent);
}

/** An answer as a whole stream, one event per `size` characters. */
export function sseChunks(answer: string, size: number): Buffer[] {
  const pieces: string[] = [];
  let piece = '';
  let count = 0;
  // By code point, so no piece splits a surrogate pair.
  for (const ch of answer) {
    piece += ch;
    if (++count === size) {
      pieces.push(piece);
      piece = '';
      count = 0;
    }
  }
  if (piece) pieces.push(piece);
  return [...ssePieces(pieces), SSE_DONE];
}
