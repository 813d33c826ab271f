/**
 * The open conversation, held outside React so it can be tested in Node: loaded from the
 * worker, changed through chat-state's reducer, and followed with one TurnFollower per answer.
 * Answers belong to the worker: switching conversations only stops following them, and a port
 * that drops mid-answer means the worker restarted, so the conversation is read again from
 * storage (where that answer is now marked interrupted). useChat is its React view.
 */
import type { ConversationRecord, ShownTurn, TurnView } from '../../shared/history';
import { messageOf } from '../../shared/errors';
import { plural, t } from '../../shared/i18n';
import type { ChatCommand, Req } from '../../shared/protocol';
import type { Attachment } from '../../shared/attachment';
import type { QuestionImage } from '../../shared/images/image';
import { latestLeaf } from '../../shared/thread';
import type { RenderPatch } from '../../../crates/gloss-wasm/pkg/gloss_wasm';
import { chatReducer, EMPTY_CHAT, pendingTurn, shownPath, type ChatAction, type ChatState } from './chat-state';
import { Store } from '../store';
import { leaving, loadAnswer, viewEvent } from './answer-views';
import { approveIn, TurnFollower, type ChatPort, type Decision, type TurnCommand } from './turn-follower';

/** Where the open conversation's id is kept, so that a reopened panel shows it again. */
export const CURRENT_KEY = 'gloss.conversation';
/** How long to give a restarting worker before reading what it stored. */
const RELOAD_AFTER_LOST_MS = 300;

/** The chat's tool choices that go with each question, and the panel's window (`read_tab` reads its tab). */
export type ChatToolChoice = Partial<Pick<Extract<ChatCommand, { type: 'ask' }>, 'toolsOff' | 'web' | 'windowId'>>;

/** What the panel shows of the session; a new object whenever any of it changes. */
export interface ChatView {
  state: ChatState;
  /** Why something did not work, until dismissed. */
  notice: string | null;
  /** A question the worker refused, handed back to the composer. */
  returned: { text: string; at: number; images?: QuestionImage[] } | null;
  /** Instructions chosen before a new conversation's first question. */
  newPrompt: string;
  /**
   * Turns whose Continue or Regenerate was sent and not yet taken up by the worker: their
   * buttons are disabled, and a second click sends nothing.
   */
  pending: readonly string[];
  /**
   * The conversation shown last is being reopened (the panel was opened again): the panel shows
   * neither it nor a new chat's welcome yet, which flashed before the conversation came back.
   */
  opening: boolean;
}

/** An answer's view: AnswerDom in the panel, patched outside React. */
export interface AnswerView {
  enqueue: (patch: RenderPatch) => void;
  load: (html: string) => void;
  /** A stored answer in parts with tool steps between them (`open`: one is being written after). */
  loadParts: (parts: readonly string[], open?: boolean) => void;
  /** Tool steps sit where the text stands; what follows is a part of its own. */
  nextPart: () => void;
  /** Its stream ended (done, stopped or failed): no more patches come. */
  end: () => void;
}

/** An opened conversation (`history.open`) with its images back in its turns (`inPlace`). */
export type Opened = {
  conversation: ConversationRecord;
  turns: (TurnView & { imagesMissing?: number })[];
  live: string[];
  damaged: number;
} | null;

/** What the session needs from the browser (fakes in tests). */
export interface ChatDeps<A extends AnswerView> {
  connect: () => ChatPort;
  history: {
    open: (id: string) => Promise<Opened>;
    update: (change: Req<'history.update'>) => Promise<unknown>;
  };
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  answer: () => A;
}

export class ChatSession<A extends AnswerView = AnswerView> extends Store<ChatView> {
  private readonly followers = new Set<TurnFollower>();
  /** When each answer last received data, for the stall hint (read once a second, not rendered). */
  private readonly heard = new Map<string, number>();
  /** Each answer's view, kept while its conversation is shown. */
  private readonly answers = new Map<string, A>();
  private choice: { providerId?: string; model?: string } & ChatToolChoice = {};
  /** Instructions a new conversation starts with when none were written for it (Settings). */
  private defaultInstructions = '';
  /** Counts the user's moves between conversations: an opening overtaken by another move is dropped. */
  private moves = 0;

  constructor(private readonly deps: ChatDeps<A>) {
    // Known from the first render: waiting for resume() to say so showed the welcome for a frame.
    const opening = deps.storage.getItem(CURRENT_KEY) !== null;
    super({ state: EMPTY_CHAT, notice: null, returned: null, newPrompt: '', pending: [], opening });
  }

  // Arrow functions throughout: React components receive them as callbacks.

  /**
   * The provider and model new answers use (none: the conversation's, or the default), and the
   * tools the chat switches off, and its web search.
   */
  readonly setChoice = (
    choice: { providerId: string; model: string } | undefined,
    tools: ChatToolChoice = {},
  ): void => {
    this.choice = { ...choice, ...tools };
  };

  readonly setDefaultInstructions = (text: string): void => {
    this.defaultInstructions = text;
  };

  /** Reopens the conversation the panel showed last; closing the panel only stops following. */
  readonly resume = (): void => {
    const last = this.deps.storage.getItem(CURRENT_KEY);
    if (!last) return;
    this.set({ opening: true });
    this.open(last).catch((e: unknown) => this.set({ notice: t('openFailed', String(e)), opening: false }));
  };

  /** Stops following every answer (the panel is closing). */
  readonly detach = (): void => this.closeAll();

  /** The view of an answer, made on first use. */
  readonly answer = (turnId: string): A => {
    let view = this.answers.get(turnId);
    if (!view) {
      view = this.deps.answer();
      this.answers.set(turnId, view);
    }
    return view;
  };

  readonly open = (id: string): Promise<void> => {
    const move = ++this.moves;
    // A New chat (or another conversation) chosen while this one loads wins: it was chosen later.
    return this.deps.history.open(id).then((opened) => {
      if (move === this.moves) this.show(id, opened);
    });
  };

  /** Asks at the end of the path shown. */
  readonly ask = (question: string, attachments: Attachment[] = [], images: QuestionImage[] = []): void => {
    const path = shownPath(this.view.state);
    const turn = pendingTurn(this.view.state, question, path[path.length - 1]?.turn.id ?? null, attachments);
    this.askAs(images.length ? { ...turn, images } : turn, {
      attachments: attachments.length ? attachments : undefined,
    });
  };

  /** Sends a changed question as a new version of `turnId` (the old one stays switchable). */
  readonly edit = (turnId: string, question: string): void => {
    const turn = this.view.state.turns[turnId];
    // The worker keeps the whole quote; the panel holds only its start.
    const material = turn?.attachments ? { attachmentsOf: turnId } : {};
    if (turn) {
      const images = turn.images;
      this.askAs({ ...pendingTurn(this.view.state, question, turn.parentId, turn.attachments), images }, material);
    }
  };

  /** A new version of the answer to `of`'s question. */
  readonly regenerate = (of: string): void => {
    const source = this.view.state.turns[of];
    if (!source || this.view.pending.includes(of)) return;
    const turn = pendingTurn(this.view.state, source.question, source.parentId, source.attachments);
    this.follow({ type: 'regenerate', of, turnId: turn.id, ...this.choice }, turn);
  };

  /**
   * Carries on a stopped or interrupted answer, or asks again `without` the question's images
   * (the model cannot see) or tools (the model cannot use them).
   */
  readonly carryOn = (turnId: string, without?: 'images' | 'tools'): void => {
    if (this.view.pending.includes(turnId)) return;
    this.follow({ type: 'continue', turnId, ...this.choice, ...leaving(without) });
  };

  /** The user's decision on a tool call that asks first, sent to the answer's worker. */
  readonly approve = (turnId: string, callId: string, decision: Decision): void =>
    approveIn(this.followers, turnId, callId, decision);

  /** When the answer `turnId` last received data in this panel, or null if it has not. */
  readonly heardFrom = (turnId: string): number | null => this.heard.get(turnId) ?? null;

  readonly stop = (): void => this.followers.forEach((follower) => follower.stop());

  /** Shows another version of a turn (and the newest conversation that follows it). */
  readonly select = (versionId: string): void => {
    const { conversation, turns } = this.view.state;
    const leafId = latestLeaf(Object.values(turns), versionId)?.id;
    if (!leafId) return;
    this.apply({ type: 'select', leafId });
    if (!conversation) return;
    this.deps.history
      .update({ id: conversation.id, leafId })
      .catch((e: unknown) => this.set({ notice: t('changeNotSaved', messageOf(e)) }));
  };

  /** The conversation's instructions (kept for the first question of a new one). */
  readonly setSystemPrompt = (systemPrompt: string): void => {
    const { conversation } = this.view.state;
    if (!conversation) {
      this.set({ newPrompt: systemPrompt });
      return;
    }
    this.apply({ type: 'systemPrompt', systemPrompt });
    this.deps.history
      .update({ id: conversation.id, systemPrompt })
      .catch((e: unknown) => this.set({ notice: t('instructionsNotSaved', messageOf(e)) }));
  };

  /** The title changed in the history (it is stored there). */
  readonly rename = (title: string): void => this.apply({ type: 'renamed', title });

  readonly newChat = (): void => {
    this.moves++;
    this.closeAll();
    this.answers.clear();
    this.deps.storage.removeItem(CURRENT_KEY);
    this.set({ newPrompt: '', notice: null, opening: false, state: chatReducer(this.view.state, { type: 'new' }) });
  };

  readonly dismissNotice = (): void => this.set({ notice: null });

  /** Shows why something the user did elsewhere in the panel did not take (the model picked). */
  readonly tell = (notice: string): void => this.set({ notice });

  private show(id: string, opened: Opened): void {
    this.closeAll();
    this.answers.clear();
    if (!opened) {
      this.deps.storage.removeItem(CURRENT_KEY);
      this.set({ opening: false, state: chatReducer(this.view.state, { type: 'new' }) });
      return;
    }
    this.deps.storage.setItem(CURRENT_KEY, id);
    for (const turn of opened.turns) loadAnswer(this.answer(turn.id), turn);
    const { conversation, turns } = opened;
    this.set({
      state: chatReducer(this.view.state, { type: 'loaded', conversation, turns }),
      notice: opened.damaged > 0 ? plural(opened.damaged, 'damagedOne', 'damagedMany') : null,
      opening: false,
    });
    for (const turnId of opened.live) this.follow({ type: 'attach', turnId });
  }

  private askAs(turn: ShownTurn, material: { attachments?: Attachment[]; attachmentsOf?: string }): void {
    const { conversationId, id: turnId, parentId, question, images } = turn;
    // Instructions go with the first question of a new conversation.
    const systemPrompt = this.view.state.conversation
      ? undefined
      : this.view.newPrompt || this.defaultInstructions || undefined;
    const command = { conversationId, turnId, parentId, question, ...material, images, systemPrompt };
    this.follow({ type: 'ask', ...command, ...this.choice }, turn);
  }

  /** Sends a command and follows the turn it starts or joins, until its answer ends. */
  private follow(command: TurnCommand, shown?: ShownTurn): void {
    if (shown) this.apply({ type: 'turn', turn: shown });
    const settled = this.pend(command);
    const follower = new TurnFollower(
      this.deps.connect,
      {
        stored: (turn, conversation, parts) => {
          settled();
          if (parts) this.answer(turn.id).loadParts(parts, true); // joined after tool steps
          this.deps.storage.setItem(CURRENT_KEY, turn.conversationId);
          this.apply({ type: 'turn', turn, conversation });
        },
        event: (turnId, event) => {
          // A model loading into memory is not the answer's data: a stall counts from its text.
          if (event.type !== 'modelLoading') this.heard.set(turnId, Date.now());
          if (event.type !== 'chunk') {
            viewEvent(this.answer(turnId), this.view.state.turns[turnId], event);
            this.apply({ type: 'event', id: turnId, event });
            return;
          }
          this.answer(turnId).enqueue(event.patch);
          // The text shows through AnswerDom: React re-renders when the answer starts (its
          // "waiting" line goes), not for every chunk after (issue 13).
          const started = this.view.state.turns[turnId]?.answer !== '';
          this.apply({ type: 'event', id: turnId, event }, started);
        },
        refused: (message) => this.refuse(message, command, shown),
        gone: () => this.reload(),
        lost: () => {
          const id = this.view.state.conversation?.id;
          if (id) setTimeout(() => this.reload(id), RELOAD_AFTER_LOST_MS);
        },
        ended: () => {
          settled();
          this.followers.delete(follower);
        },
      },
      shown?.id,
    );
    this.followers.add(follower);
    follower.start(command);
  }

  /**
   * Marks the turn a Continue or Regenerate acts on as pending; the returned call clears it once
   * the worker took the command up (it sent the turn) or following ended (refused, gone, lost).
   */
  private pend(command: TurnCommand): () => void {
    const id = command.type === 'continue' ? command.turnId : command.type === 'regenerate' ? command.of : null;
    if (id === null) return () => undefined;
    // One command per turn is pending at a time (the buttons check), so clearing is idempotent.
    this.set({ pending: [...this.view.pending, id] });
    return () => {
      if (this.view.pending.includes(id)) this.set({ pending: this.view.pending.filter((p) => p !== id) });
    };
  }

  /**
   * A question shown at once but never stored: take it off the page, give it back to the
   * composer, say why, and show the conversation as storage has it.
   */
  private refuse(message: string, command: TurnCommand, shown?: ShownTurn): void {
    if (!shown) {
      this.set({ notice: message });
      return;
    }
    this.set({
      notice: message,
      state: chatReducer(this.view.state, { type: 'drop', id: shown.id }),
      returned:
        command.type === 'ask' ? { text: shown.question, at: Date.now(), images: shown.images } : this.view.returned,
    });
    this.reload();
  }

  /** Reads the conversation again from storage, whose record of an answer is the worker's. */
  private reload(id = this.view.state.conversation?.id): void {
    // Not one the user has left since (a reload after a lost connection comes a moment later).
    if (id && id === this.view.state.conversation?.id) this.open(id).catch(() => undefined);
  }

  private closeAll(): void {
    this.followers.forEach((follower) => follower.close());
    this.followers.clear();
    if (this.view.pending.length > 0) this.set({ pending: [] });
  }

  /** `quietly`: nothing on screen shows the change (see Store.setQuietly). */
  private apply(action: ChatAction, quietly = false): void {
    const state = chatReducer(this.view.state, action);
    if (state === this.view.state) return;
    if (quietly) this.setQuietly({ state });
    else this.set({ state });
  }
}
