/** An answer as an OpenAI-format SSE body, one event per `size` characters. */
export function sseChunks(answer: string, size: number): Buffer[] {
  const event = (content: string) =>
    Buffer.from(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`);
  const out: Buffer[] = [];
  let piece = '';
  let count = 0;
  // By code point, so no piece splits a surrogate pair.
  for (const ch of answer) {
    piece += ch;
    if (++count === size) {
      out.push(event(piece));
      piece = '';
      count = 0;
    }
  }
  if (piece) out.push(event(piece));
  out.push(Buffer.from('data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'));
  return out;
}
