/**
 * The composer: the sources waiting to go, the quick actions and the question box. It sends a
 * question with the sources (or only what fits of them), or, while the last question is being edited
 * in the box (Up in an empty box), as a new version of that question.
 */
import './Composer.css';
import { useEffect, useRef, useState } from 'react';
import { ImageArea } from './ImageChips';
import { useImages } from './useImages';
import type { QuestionImage } from '../../shared/image';
import type { ComposerKey } from './composer-text';
import { useSendChoice } from './useSourcesFit';
import type { QuickAction } from '../../shared/preferences';
import { QuestionBox } from './QuestionBox';
import { QuickActions } from './QuickActions';
import { useDraft } from './useDraft';
import { QuoteAndFit } from './QuestionFit';
import type { Attachment } from './usePageContext';
import { t } from '../../shared/i18n';

interface Props {
  streaming: boolean;
  onSend: (question: string, attachments: Attachment[], images: QuestionImage[]) => void;
  onStop: () => void;
  /** The sources waiting to go, each its own chip. */
  attachments: Attachment[];
  onAttachmentsChange: (attachments: Attachment[]) => void;
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
}

/** A new source brings the cursor to the question: material is never sent by itself. */
function useFocusOnNewSource(box: React.RefObject<HTMLTextAreaElement | null>, sources: Attachment[]) {
  const newest = sources[sources.length - 1];
  useEffect(() => box.current?.focus(), [box, sources.length, newest?.url, newest?.title]);
}

export function Composer({
  streaming,
  onSend,
  onStop,
  attachments,
  onAttachmentsChange,
  suggestion,
  onSuggestionTaken,
  providerId,
  lastQuestion,
  onEdit,
  quickActions,
  returned,
}: Props) {
  const [draft, setDraft] = useDraft(suggestion, onSuggestionTaken, returned);
  const box = useRef<HTMLTextAreaElement>(null);
  // Pasted or dropped images (image-input.ts), sent with the next new question.
  const images = useImages(returned);
  // Whether to send only what fits of the sources, and how much of each that is.
  const choice = useSendChoice();
  useFocusOnNewSource(box, attachments);

  // The turn whose question is being edited in the box, if any.
  const [editing, setEditing] = useState<string | null>(null);

  const submit = (override?: string) => {
    const question = (override ?? draft).trim();
    if (!question || streaming) return;
    if (editing) {
      onEdit(editing, question);
      setEditing(null);
    } else {
      onSend(question, choice.asSentAll(attachments), images.take());
      onAttachmentsChange([]);
    }
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
    <ImageArea className="composer-area" images={images}>
      <QuoteAndFit
        sources={attachments}
        onSources={onAttachmentsChange}
        question={draft}
        providerId={providerId}
        trim={choice.trim}
        onTrim={choice.setTrim}
        onSized={choice.onSized}
      />
      {quickActions.length > 0 && !editing && (
        <QuickActions
          actions={quickActions}
          disabled={streaming}
          draft={draft}
          hasAttachment={attachments.length > 0}
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
        placeholder={attachments.length > 0 ? t('placeholderQuote') : t('placeholderAny')}
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
