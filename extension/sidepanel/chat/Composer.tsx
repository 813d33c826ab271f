/**
 * The composer: the quote waiting to go, the quick actions and the question box. It sends a
 * question with the quote (or only what fits of it), or, while the last question is being edited
 * in the box (Up in an empty box), as a new version of that question.
 */
import './Composer.css';
import { useEffect, useRef, useState } from 'react';
import { ImageArea } from './ImageChips';
import { useImages } from './useImages';
import type { QuestionImage } from '../../shared/image';
import { asSent, type ComposerKey } from './composer-text';
import type { QuickAction } from '../../shared/preferences';
import { QuestionBox } from './QuestionBox';
import type { ScannedPdf } from './pdf-pages';
import { QuickActions } from './QuickActions';
import { useDraft } from './useDraft';
import { QuoteAndFit } from './QuestionFit';
import type { Attachment } from './usePageContext';
import { t } from '../../shared/i18n';

interface Props {
  streaming: boolean;
  onSend: (question: string, attachments: Attachment[], images: QuestionImage[]) => void;
  onStop: () => void;
  attachment: Attachment | null;
  onAttachmentChange: (attachment: Attachment | null) => void;
  /** A question offered with the attachment ("Summarize this page."): put in the box, not sent. */
  suggestion: string | null;
  /** The suggestion is in the box (or the box was not empty): it is not offered again. */
  onSuggestionTaken: () => void;
  providerId: string | undefined;
  /** The last question shown, which Up brings back for editing. */
  lastQuestion: { id: string; question: string } | null;
  onEdit: (turnId: string, question: string) => void;
  quickActions: QuickAction[];
  /** A question the worker refused, given back (it goes in the box, before anything typed since). */
  returned: { text: string; at: number; images?: QuestionImage[] } | null;
  /** A scanned PDF whose pages may go as images, and what to call once they are in. */
  scanned: { scan: ScannedPdf | null; onTaken: () => void };
}

export function Composer({
  streaming,
  onSend,
  onStop,
  attachment,
  onAttachmentChange,
  suggestion,
  onSuggestionTaken,
  providerId,
  lastQuestion,
  onEdit,
  quickActions,
  returned,
  scanned,
}: Props) {
  const [draft, setDraft] = useDraft(suggestion, onSuggestionTaken, returned);
  const box = useRef<HTMLTextAreaElement>(null);
  // Pasted or dropped images (image-input.ts), sent with the next new question.
  const images = useImages(returned);
  // How much of the quote to send, when the user chose to send only what fits.
  const [keptChars, setKeptChars] = useState<number | null>(null);
  // A new quote brings the cursor to the question: the quote is never sent by itself.
  useEffect(() => box.current?.focus(), [attachment?.url, attachment?.title]);

  // The turn whose question is being edited in the box, if any.
  const [editing, setEditing] = useState<string | null>(null);

  const submit = (override?: string) => {
    const question = (override ?? draft).trim();
    if (!question || streaming) return;
    if (editing) {
      onEdit(editing, question);
      setEditing(null);
      setDraft('');
      return;
    }
    onSend(question, attachment ? [asSent(attachment, keptChars)] : [], images.take());
    onAttachmentChange(null);
    setDraft('');
  };

  const onKey = (does: ComposerKey) => {
    if (does === 'send') submit();
    else if (does === 'stop') onStop();
    else {
      // Up brings the last question into the box to edit; Esc leaves the edit, and empties it.
      const last = does === 'editLast' ? lastQuestion : null;
      setEditing(last?.id ?? null);
      setDraft(last?.question ?? '');
    }
  };

  return (
    <ImageArea className="composer-area" images={images} scanned={scanned}>
      <QuoteAndFit
        attachment={attachment}
        question={draft}
        providerId={providerId}
        onChange={onAttachmentChange}
        onTrimChange={setKeptChars}
      />
      {quickActions.length > 0 && !editing && (
        <QuickActions
          actions={quickActions}
          disabled={streaming}
          draft={draft}
          hasAttachment={attachment !== null}
          onAsk={submit}
          onFill={(prompt) => {
            setDraft(prompt);
            box.current?.focus();
          }}
        />
      )}
      <QuestionBox
        box={box}
        draft={draft}
        onDraft={setDraft}
        placeholder={attachment ? t('placeholderQuote') : t('placeholderAny')}
        streaming={streaming}
        editing={editing !== null}
        hasLast={lastQuestion !== null}
        onKey={onKey}
        onSubmit={submit}
        onStop={onStop}
      />
    </ImageArea>
  );
}
