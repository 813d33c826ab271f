/**
 * Which video each answer of a conversation is about: the last transcript asked about up to
 * that question, so follow-up answers ("and what did he say about honing?") link their moments
 * to the same video.
 */

interface WithAttachments {
  attachments?: readonly { kind: string; url: string }[];
}

/** For each turn in order, the watch address of the latest transcript so far (or undefined). */
export function videosAlong(turns: readonly WithAttachments[]): (string | undefined)[] {
  let video: string | undefined;
  return turns.map((turn) => {
    const transcripts = (turn.attachments ?? []).filter((a) => a.kind === 'transcript');
    video = transcripts.at(-1)?.url ?? (turn.attachments?.length ? undefined : video);
    return video;
  });
}
