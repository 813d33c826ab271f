/**
 * The box the question is typed in and, under it, a row of tools (attach a PDF, a screenshot)
 * with Send (or Stop while an answer is being written) at its end, and a note while it edits the
 * last question. Under the box rather than beside it, so the box keeps the panel's whole width
 * at 240 px too. Keys that do something
 * other than type (composer-text's composerKey) go to `onKey`.
 */
import './QuestionBox.css';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { t } from '../../shared/i18n';
import { composerKey, scrollKey, type ComposerKey, type ScrollKey } from './composer-text';
import { ScreenshotButton } from '../images/ScreenshotButton';

interface Props {
  box: RefObject<HTMLTextAreaElement | null>;
  draft: string;
  onDraft: (draft: string) => void;
  placeholder: string;
  streaming: boolean;
  /** The last question is being edited in the box. */
  editing: boolean;
  /** There is a last question to edit. */
  hasLast: boolean;
  onKey: (does: ComposerKey) => void;
  onSubmit: () => void;
  onStop: () => void;
  /** Buttons that add material, before the screenshot button. */
  tools?: ReactNode;
  /** PageUp, PageDown, Home and End scroll the conversation (composer-text's scrollKey). */
  onScroll: (action: ScrollKey) => void;
}

export function QuestionBox(props: Props) {
  const { box, draft, onDraft, placeholder, streaming, editing, hasLast, onKey, onSubmit, onStop, tools, onScroll } =
    props;
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const el = e.currentTarget;
    const scroll = scrollKey(e.key, {
      empty: draft === '',
      scrolls: el.scrollHeight > el.clientHeight,
      shift: e.shiftKey,
    });
    if (scroll) {
      e.preventDefault();
      onScroll(scroll);
      return;
    }
    const state = { streaming, editing, hasLast, empty: draft === '' };
    const does = composerKey(e.key, { shift: e.shiftKey, composing: e.nativeEvent.isComposing, ...state });
    if (does === null) return;
    e.preventDefault();
    onKey(does);
  };

  return (
    <>
      {editing && (
        <p className="editing-note" role="status">
          {t('editingNote')}
        </p>
      )}
      <form
        className="composer"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <textarea
          ref={box}
          aria-label={t('yourQuestion')}
          placeholder={placeholder}
          rows={2}
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="composer-tools">
          {tools}
          <ScreenshotButton />
          {streaming ? (
            <button
              type="button"
              className="stop"
              onClick={() => {
                // The button goes when the answer stops: the cursor stays in the box, not on the page.
                box.current?.focus();
                onStop();
              }}
            >
              {t('stop')}
            </button>
          ) : (
            <button type="submit" className="primary" disabled={!draft.trim()}>
              {t('send')}
            </button>
          )}
        </div>
      </form>
    </>
  );
}
