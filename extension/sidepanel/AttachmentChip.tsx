/**
 * The quote waiting to go with the next question: where it is from, how big it is against the
 * model's budget (before anything is sent), editable and removable. Nothing is cut silently:
 * when it does not fit, the user chooses to send only what fits or all of it.
 */
import { useEffect, useState } from 'react';
import { send, type Res } from '../shared/messages';
import type { Attachment } from './usePageContext';

interface Props {
  attachment: Attachment;
  providerId: string | undefined;
  onChange: (attachment: Attachment | null) => void;
  onTrimChange: (keptChars: number | null) => void;
}

export function AttachmentChip({ attachment, providerId, onChange, onTrimChange }: Props) {
  const [fit, setFit] = useState<Res<'context.fit'>>();
  const [trim, setTrim] = useState(true);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    let live = true;
    send('context.fit', { text: attachment.text, providerId }).then(
      (f) => live && setFit(f),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [attachment.text, providerId]);

  const kept = fit !== undefined && fit.percent < 100 ? fit.keptChars : null;
  const overflows = kept !== null;
  useEffect(() => onTrimChange(trim ? kept : null), [trim, kept, onTrimChange]);

  const host = safeHost(attachment.url);
  return (
    <div className="chip" role="group" aria-label={attachment.kind === 'page' ? 'Attached page' : 'Quoted selection'}>
      <div className="chip-head">
        <span className="chip-title" title={attachment.url}>
          {attachment.kind === 'page' ? 'Page' : 'Selection'}
          {attachment.title ? ` from “${attachment.title}”` : ''} {host && <span className="hint">· {host}</span>}
        </span>
        <button type="button" className="ghost" onClick={() => setEditing(!editing)} aria-expanded={editing}>
          {editing ? 'Done' : 'Edit'}
        </button>
        <button type="button" className="ghost" aria-label="Remove the quote" onClick={() => onChange(null)}>
          ×
        </button>
      </div>
      {editing ? (
        <textarea
          aria-label="Quoted text"
          value={attachment.text}
          onChange={(e) => onChange({ ...attachment, text: e.target.value })}
        />
      ) : (
        <blockquote className="chip-text">{preview(attachment.text)}</blockquote>
      )}
      {fit && (
        <p className="hint chip-fit" role="status">
          {overflows
            ? `Too long for this model: about ${fit.percent}% fits (${k(fit.keptTokens)} of ${k(fit.totalTokens)} tokens).`
            : `About ${k(fit.totalTokens)} tokens.`}
        </p>
      )}
      {overflows && (
        <label className="check">
          <input type="checkbox" checked={trim} onChange={(e) => setTrim(e.target.checked)} /> Send only what fits
        </label>
      )}
    </div>
  );
}

function preview(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > 280 ? `${clean.slice(0, 280)}…` : clean;
}

function k(tokens: number): string {
  return tokens >= 1000 ? `${(tokens / 1000).toFixed(tokens >= 10_000 ? 0 : 1)}k` : String(tokens);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
