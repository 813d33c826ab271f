/**
 * The composer: the sources waiting to go, the quick actions and the question box. It sends a
 * question with the sources (or only what fits of them), or, while the last question is being edited
 * in the box (Up in an empty box), as a new version of that question.
 */
import './Composer.css';
import { useEffect, useRef, type Dispatch, type ReactNode, type RefObject, type SetStateAction } from 'react';
import { send } from '../../shared/protocol';
import type { SizeNow } from '../material/send-sources';
import { useAutoAsk } from './useAutoAsk';
import { ImageArea } from '../images/ImageChips';
import { useImages } from '../images/useImages';
import type { QuestionImage } from '../../shared/images/image';
import { useSend } from './useSend';
import type { ScrollKey } from './composer-text';
import { allFit, useSendChoice } from '../material/useSourcesFit';
import type { QuickAction } from '../../shared/preferences';
import { QuestionBox } from './QuestionBox';
import { focusAtEnd } from './focus';
import { KeyboardElsewhere, useKeyboardElsewhere } from './KeyboardElsewhere';
import type { ScannedPdf } from '../pdf/pdf-pages';
import { QuickActions } from './QuickActions';
import { useDraft, type Offered } from './useDraft';
import { QuoteAndFit } from './QuestionFit';
import type { Attachment } from '../material/usePageContext';
import type { Source } from '../material/sources';
import type { ActiveTab } from '../material/useActiveTab';
import { t } from '../../shared/i18n';
import { useBlindModel } from '../models/useModelSees';

interface Props {
  streaming: boolean;
  onSend: (question: string, attachments: Attachment[], images: QuestionImage[]) => void;
  onStop: () => void;
  /** The sources waiting to go, each its own chip. */
  attachments: Attachment[];
  onAttachmentsChange: Dispatch<SetStateAction<Source[]>>;
  /** A question that came with the sources ("Summarize this page."): asked at once when it can be (`auto-ask.ts`). */
  suggestion: string | null;
  /** The suggestion is in the box (or the box was not empty): it is not offered again. */
  onSuggestionTaken: () => void;
  /** The provider and model questions go to. */
  providerId: string | undefined;
  model: string | undefined;
  /** The last question shown, which Up brings back for editing. */
  lastQuestion: { id: string; question: string } | null;
  onEdit: (turnId: string, question: string) => void;
  /** The quick actions, and the tab they read when the chat has nothing to read yet. */
  quickActions: { actions: QuickAction[]; tab: ActiveTab | null; onAskTab: (prompt: string) => void };
  /** A question the worker refused, given back (it goes in the box, before anything typed since). */
  returned: { text: string; at: number; images?: QuestionImage[] } | null;
  /** Buttons that add material (the PDF paperclip), in the question box's tools. */
  tools?: ReactNode;
  /** Paging keys in the box scroll the conversation. */
  onScrollKey: (action: ScrollKey) => void;
  /** A scanned PDF whose pages may go as images, and what to call once they are in. */
  scanned: { scan: ScannedPdf | null; onTaken: () => void };
  /** Why nothing was sent (the sources could not be sized). */
  onError: (message: string) => void;
}

/** A new source (and a panel just opened) brings the cursor to the question: material is never sent by itself. */
function useFocusOnNewSource(box: React.RefObject<HTMLTextAreaElement | null>, sources: Source[]) {
  const newest = sources[sources.length - 1];
  // A PDF that asks for its pages keeps the cursor in its pages box.
  const asks = newest?.askPages === true;
  useEffect(() => {
    if (!asks) focusAtEnd(box.current);
  }, [box, sources.length, newest?.url, newest?.title, asks]);
}

/** Sizes the sources with the question and the images, for a send the fits on show are not for. */
function sizer(providerId: string | undefined, images: readonly QuestionImage[]): SizeNow {
  const sizes = images.map(({ width, height }) => ({ width, height }));
  return (texts, question) =>
    send('context.fitAll', { texts, providerId, images: sizes, question }).then((r) => r.fits);
}

/**
 * Sending, with the choice of what of the sources goes, and the offered question that is asked
 * at once when they fit (`auto-ask.ts`).
 */
function useSending(
  p: Pick<
    Props,
    'streaming' | 'attachments' | 'onSend' | 'onEdit' | 'onAttachmentsChange' | 'onStop' | 'lastQuestion' | 'onError'
  >,
  c: {
    draft: string;
    setDraft: Dispatch<SetStateAction<string>>;
    offered: Offered;
    box: RefObject<HTMLTextAreaElement | null>;
    images: { take: () => QuestionImage[]; images: QuestionImage[] };
    providerId: string | undefined;
  },
) {
  // Whether to send only what fits of the sources, and how much of each that is.
  const choice = useSendChoice();
  const { draft, setDraft } = c;
  const sending = useSend({
    ...p,
    draft,
    setDraft,
    images: c.images,
    choice: { sized: choice.sized, trim: choice.trim, images: c.images.images, providerId: c.providerId },
    sizeNow: sizer(c.providerId, c.images.images),
  });
  useAutoAsk({
    offered: c.offered,
    draft,
    hasSources: p.attachments.length > 0,
    fits: allFit(choice.sized, p.attachments, draft),
    box: c.box,
    busy: p.streaming || sending.editing !== null,
    ask: sending.submit,
  });
  return { choice, ...sending };
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
  model,
  lastQuestion,
  onEdit,
  quickActions,
  returned,
  tools,
  onScrollKey,
  scanned,
  onError,
}: Props) {
  const [draft, setDraft, offered] = useDraft(suggestion, onSuggestionTaken, returned);
  const box = useRef<HTMLTextAreaElement>(null);
  // Pasted or dropped images (image-input.ts), sent with the next new question.
  const images = useImages(returned);
  const blindModel = useBlindModel(providerId, model, images.images.length > 0);
  useFocusOnNewSource(box, attachments);
  const keyboardElsewhere = useKeyboardElsewhere(attachments);
  const { choice, editing, submit, onKey } = useSending(
    { streaming, attachments, onSend, onEdit, onAttachmentsChange, onStop, lastQuestion, onError },
    { draft, setDraft, offered, box, images, providerId },
  );

  return (
    <ImageArea className="composer-area" images={images} scanned={scanned} blindModel={blindModel}>
      <QuoteAndFit
        sources={attachments}
        onSources={onAttachmentsChange}
        question={draft}
        providerId={providerId}
        trim={choice.trim}
        onTrim={choice.setTrim}
        onSized={choice.onSized}
      />
      {keyboardElsewhere && <KeyboardElsewhere box={box} />}
      {quickActions.actions.length > 0 && !editing && (
        <QuickActions
          actions={quickActions.actions}
          disabled={streaming}
          draft={draft}
          hasAttachment={attachments.length > 0}
          tab={quickActions.tab}
          onAskTab={quickActions.onAskTab}
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
        tools={tools}
        onScroll={onScrollKey}
      />
    </ImageArea>
  );
}
