/** The chat: the conversation's header, its turns, what went wrong, and the composer. */
import { t } from '../../shared/i18n';
import type { QuickAction } from '../../shared/preferences';
import { Composer } from './Composer';
import { Conversation } from './Conversation';
import { ConversationHeader } from './ConversationHeader';
import { PdfBar } from './PdfBar';
import type { Chat } from './useChat';
import type { PageContext } from './usePageContext';

interface Props {
  chat: Chat;
  page: PageContext;
  providerId: string | undefined;
  quickActions: QuickAction[];
}

export function ChatView({ chat, page, providerId, quickActions }: Props) {
  const { session } = chat;
  const last = chat.path[chat.path.length - 1]?.turn;
  return (
    <>
      <ConversationHeader
        title={chat.state.conversation?.title ?? null}
        systemPrompt={chat.systemPrompt}
        onSystemPrompt={session.setSystemPrompt}
      />
      <Conversation
        path={chat.path}
        pending={chat.pending}
        answerDom={session.answer}
        onRegenerate={session.regenerate}
        onEdit={session.edit}
        onContinue={session.carryOn}
        onSelect={session.select}
        onStop={session.stop}
        heardFrom={session.heardFrom}
        quickActions={quickActions.map((a) => a.label)}
      />
      {(page.error ?? chat.notice) && (
        <p className="notice error" role="alert">
          {page.error ?? chat.notice}{' '}
          <button
            type="button"
            className="ghost"
            onClick={() => {
              page.clearError();
              session.dismissNotice();
            }}
          >
            {t('dismiss')}
          </button>
        </p>
      )}
      <PdfBar page={page} />
      <Composer
        streaming={chat.streaming}
        onSend={session.ask}
        onStop={session.stop}
        attachments={page.attachments}
        onAttachmentsChange={page.setAttachments}
        suggestion={page.question}
        onSuggestionTaken={page.clearQuestion}
        providerId={providerId}
        lastQuestion={last ? { id: last.id, question: last.question } : null}
        quickActions={quickActions}
        returned={chat.returned}
        onEdit={session.edit}
      />
    </>
  );
}
