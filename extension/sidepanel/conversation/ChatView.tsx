/** The chat: the conversation's header, its turns, what went wrong, and the composer. */
import { useRef, useState } from 'react';
import { t } from '../../shared/i18n';
import { ChatTools } from '../tools/ChatTools';
import { WebSwitch } from '../web/WebSwitch';
import type { ChatToolsApi } from '../tools/useChatTools';
import type { Attachment } from '../../shared/attachment';
import type { QuestionImage } from '../../shared/images/image';
import type { QuickAction } from '../../shared/preferences';
import { Composer } from '../composer/Composer';
import { Conversation } from './Conversation';
import { ConversationHeader } from './ConversationHeader';
import { PdfAttach, PdfBar } from '../pdf/PdfBar';
import { MaterialPlace } from '../material/MaterialPlace';
import { sourcesStartNewChat } from '../material/material-chat';
import { scrolledTo, type ScrollKey } from '../composer/composer-text';
import type { Chat } from './useChat';
import type { PageContext } from '../material/usePageContext';
import { useTabActions } from '../material/useActiveTab';
import type { SettingsPlace } from '../settings/settings-place';

interface Props {
  chat: Chat;
  page: PageContext;
  providerId: string | undefined;
  model: string | undefined;
  quickActions: QuickAction[];
  /** Instructions a new chat starts with (Settings); its own replace them. */
  defaultInstructions: string;
  /** Opens Settings where an answer's error says to fix it. */
  onFixInSettings: (where: SettingsPlace) => void;
  /** The tools this chat may use (the Tools button beside the paperclip). */
  chatTools: ChatToolsApi;
}

export function ChatView({
  chat,
  page,
  providerId,
  model,
  quickActions,
  defaultInstructions,
  onFixInSettings,
  chatTools,
}: Props) {
  const { session } = chat;
  const last = chat.path[chat.path.length - 1]?.turn;
  const feed = useRef<HTMLDivElement>(null);
  const scroll = (action: ScrollKey) => feed.current?.scrollTo({ top: scrolledTo(action, feed.current) });
  // Material from a page this chat is not about starts a new one, unless the user adds it here.
  const [joined, setJoined] = useState<string | null>(null);
  const turns = chat.path.map((step) => step.turn);
  const material = page.attachments[0];
  const elsewhere = material !== undefined && sourcesStartNewChat(page.attachments, turns);
  // With nothing to read in the chat yet, a quick action reads the tab beside the panel.
  const { readTab, askTab } = useTabActions(turns, page.setError);
  const send = (question: string, attachments: Attachment[], images: QuestionImage[]) => {
    if (sourcesStartNewChat(attachments, turns) && joined !== attachments[0]?.url) session.newChat();
    session.ask(question, attachments, images);
  };
  return (
    <>
      <ConversationHeader
        // Nothing rather than "New chat" while the last conversation is on its way back.
        title={chat.state.conversation?.title ?? (chat.opening ? '' : null)}
        // A new chat shows the instructions it will start with: its own, else Settings' default.
        systemPrompt={chat.state.conversation ? chat.systemPrompt : chat.systemPrompt || defaultInstructions}
        onSystemPrompt={session.setSystemPrompt}
      />
      <Conversation
        path={chat.path}
        opening={chat.opening}
        pending={chat.pending}
        answerDom={session.answer}
        onRegenerate={session.regenerate}
        onEdit={session.edit}
        onContinue={session.carryOn}
        onApprove={session.approve}
        onSelect={session.select}
        onFixInSettings={onFixInSettings}
        providerId={providerId}
        onStop={session.stop}
        heardFrom={session.heardFrom}
        quickActions={quickActions.map((a) => a.label)}
        feed={feed}
      />
      <ChatNotice page={page} chat={chat} />
      <PdfBar page={page} />
      {elsewhere && (
        <MaterialPlace joined={joined === material.url} onJoin={(join) => setJoined(join ? material.url : null)} />
      )}
      <Composer
        streaming={chat.streaming}
        onSend={send}
        onStop={session.stop}
        attachments={page.attachments}
        onAttachmentsChange={page.setAttachments}
        suggestion={page.question}
        onSuggestionTaken={page.clearQuestion}
        providerId={providerId}
        model={model}
        lastQuestion={last ? { id: last.id, question: last.question } : null}
        quickActions={{ actions: quickActions, tab: readTab, onAskTab: askTab }}
        returned={chat.returned}
        onEdit={session.edit}
        tools={
          <>
            <PdfAttach page={page} />
            <WebSwitch tools={chatTools} />
            <ChatTools tools={chatTools} />
          </>
        }
        onScrollKey={scroll}
        scanned={{ scan: page.scanned, onTaken: page.clearError }}
        onError={page.setError}
      />
    </>
  );
}

/** What went wrong with the page's material or the chat, until dismissed. */
function ChatNotice({ page, chat }: { page: PageContext; chat: Chat }) {
  const notice = page.error ?? chat.notice;
  if (!notice) return null;
  return (
    <p className="notice error" role="alert">
      {notice}{' '}
      <button
        type="button"
        className="ghost"
        onClick={() => {
          page.clearError();
          chat.session.dismissNotice();
        }}
      >
        {t('dismiss')}
      </button>
    </p>
  );
}
