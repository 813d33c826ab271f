/**
 * The composer: the quote waiting to go, the quick actions and the question box. It sends a
 * question with the quote (or only what fits of it), or, while the last question is being edited
 * in the box (Up in an empty box), as a new version of that question.
 */
import './Composer.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAutoAsk } from './useAutoAsk';
import { ImageArea } from './ImageChips';
import { useImages } from './useImages';
import type { QuestionImage } from '../../shared/image';
import { useSend } from './useSend';
import type { ScrollKey } from './composer-text';
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
  /** A question that came with the attachment ("Summarize this page."): asked at once when it can be (`auto-ask.ts`). */
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
  /** Buttons that add material (the PDF paperclip), in the question box's tools. */
  tools?: ReactNode;
  /** Paging keys in the box scroll the conversation. */
  onScrollKey: (action: ScrollKey) => void;
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
  tools,
  onScrollKey,
  scanned,
}: Props) {
  const [draft, setDraft, offered] = useDraft(suggestion, onSuggestionTaken, returned);
  const box = useRef<HTMLTextAreaElement>(null);
  // Pasted or dropped images (image-input.ts), sent with the next new question.
  const images = useImages(returned);
  const [keptChars, setKeptChars] = useState<number | null>(null);
  // A new quote brings the cursor to the question: the quote is never sent by itself.
  useEffect(() => box.current?.focus(), [attachment?.url, attachment?.title]);
  const { editing, submit, onKey } = useSend({
    draft,
    setDraft,
    streaming,
    attachment,
    keptChars,
    images,
    onSend,
    onEdit,
    onAttachmentChange,
    onStop,
    lastQuestion,
  });
  const onFit = useAutoAsk({ offered, draft, attachment, box, busy: streaming || editing !== null, ask: submit });

  return (
    <ImageArea className="composer-area" images={images} scanned={scanned}>
      <QuoteAndFit
        attachment={attachment}
        question={draft}
        providerId={providerId}
        onChange={onAttachmentChange}
        onTrimChange={setKeptChars}
        onFit={onFit}
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
        tools={tools}
        onScroll={onScrollKey}
      />
    </ImageArea>
  );
}
