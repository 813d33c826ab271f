/**
 * The registry of answers being written, and the chat commands that start or follow them (one
 * answer is `answer.ts`; its request, `provider-stream.ts`). The worker keeps itself alive
 * while any answer runs: Chrome stops an idle extension worker after 30 s, and every extension
 * API call resets that timer, so a cheap call every 20 s holds it for as long as answers
 * stream, whether or not a panel is open.
 */
import { newTurn, titleFor, type ConversationRecord, type TurnRecord } from '../../shared/history';
import type { Attachment } from '../../shared/attachment';
import { messageOf } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { imageRoomProblem } from '../../shared/images/opened-images';
import type { ChatCommand, ChatMessage } from '../../shared/protocol';
import { pickProvider, type StoredSettings } from '../../shared/settings';
import { pathTo } from '../../shared/thread';
import { Answer } from './answer';
import { runAnswer, type RunContext, type ToolDeps } from './answer-run';
import { partStarts } from '../../shared/tools/answer-parts';
import type { Decision } from '../tools/tool-calls';
import type { streamAnswer } from '../providers/provider-stream';
import type { HistoryStore } from '../history/history-store';
import { continueMessages, messagesFor, type SentMessage } from './prompt';
import { givenAddresses } from '../web/given-urls';

export interface AnswerDeps {
  store: () => Promise<HistoryStore>;
  settings: () => Promise<StoredSettings>;
  /** Fences page material (`prompt.ts`'s `withMaterial`); the identity in tests without attachments. */
  withMaterial: (messages: ChatMessage[]) => Promise<SentMessage[]>;
  /** Resets the browser's idle timer for the worker. */
  heartbeat: () => void;
  /** Well under the browser's 30 s idle limit. */
  heartbeatMs?: number;
  stream?: typeof streamAnswer;
  /** Where tools come from (the MCP servers); none offered without. */
  tools?: ToolDeps;
}

type StartCommand = Exclude<ChatCommand, { type: 'stop' | 'approve' }>;
type Command<T extends StartCommand['type']> = Extract<ChatCommand, { type: T }>;

export class AnswerRegistry {
  private readonly live = new Map<string, Answer>();
  /** Turns whose command is between arriving and its answer being registered (or refused). */
  private readonly starting = new Map<string, Promise<Answer | undefined>>();
  /** Turns stopped while starting: stopped as soon as their answer is registered. */
  private readonly stops = new Set<string>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: AnswerDeps) {}

  liveIds(): string[] {
    return [...this.live.keys()];
  }

  /** Stops a conversation's running answers; resolves once their final state is stored. */
  async stopConversation(conversationId: string): Promise<void> {
    // An answer still starting may belong to it: let it register, then stop it with the rest.
    await Promise.allSettled([...this.starting.values()]);
    const running = [...this.live.values()].filter((a) => a.turn.conversationId === conversationId);
    for (const answer of running) answer.stop();
    await Promise.all(running.map((a) => a.ended));
  }

  /**
   * The answer a command starts or follows; undefined when `attach` finds nothing running. A
   * turn is marked as starting before anything is awaited, so a second command for it (a double
   * click, another window) joins the first instead of sending a second request.
   */
  open(command: StartCommand): Promise<Answer | undefined> {
    const turnId = command.turnId;
    const joining = this.starting.get(turnId);
    if (joining) return joining;
    // Following starts nothing, so it is not marked (a Continue meanwhile must not join it).
    if (command.type === 'attach') return Promise.resolve(this.running(turnId));
    const started = this.begin(command);
    this.starting.set(turnId, started);
    const settled = () => {
      this.starting.delete(turnId);
      this.stops.delete(turnId); // a Stop for a start that failed has nothing left to stop
    };
    started.then(settled, settled);
    return started;
  }

  /** The user's decision on a tool call of a running answer. */
  approve(turnId: string, stepId: string, decision: Decision): void {
    this.live.get(turnId)?.approve(stepId, decision);
  }

  /** Stops a turn's answer, or, while it is being started, as soon as it is registered. */
  stop(turnId: string): void {
    this.live.get(turnId)?.stop();
    if (this.starting.has(turnId)) this.stops.add(turnId);
  }

  private async begin(command: Exclude<StartCommand, { type: 'attach' }>): Promise<Answer | undefined> {
    switch (command.type) {
      case 'ask':
        return this.ask(command);
      case 'regenerate':
        return this.regenerate(command);
      case 'continue':
        return this.resume(command);
    }
  }

  /** A new question: a new turn, in a new conversation when its id is new. */
  private async ask(command: Command<'ask'>): Promise<Answer> {
    const store = await this.deps.store();
    if (await store.hasTurn(command.turnId)) throw new Error(t('errAlreadySent'));
    const existing = await store.conversation(command.conversationId);
    const turns = existing ? await store.turns(existing.id) : [];
    // Checked before anything is written: a refused question leaves no empty conversation.
    if (command.parentId !== null && !turns.some((t) => t.id === command.parentId)) {
      throw new Error(t('errParentGone'));
    }
    // Images the conversation could not hold and still open in the panel (one browser message).
    const noRoom = imageRoomProblem(turns, command.images);
    if (noRoom) throw new Error(noRoom);
    const attachments = materialFor(command, turns);
    const conversation =
      existing ?? (await store.create(command.conversationId, titleFor(command.question, attachments?.[0]), command));
    const before = command.parentId === null ? [] : pathTo(turns, command.parentId).map((s) => s.turn);
    const turn = newTurn({
      id: command.turnId,
      conversationId: conversation.id,
      parentId: command.parentId,
      question: command.question,
      attachments,
      images: command.images,
    });
    const messages = messagesFor(before, turn, conversation.systemPrompt);
    return this.start(conversation, turn, messages, () => store.addTurn(turn), chosen(command, conversation));
  }

  /** A new version of a turn's answer: a sibling turn with the same question. */
  private async regenerate(command: Command<'regenerate'>): Promise<Answer> {
    const store = await this.deps.store();
    if (await store.hasTurn(command.turnId)) throw new Error(t('errAlreadyAsked'));
    const found = await this.find(store, command.of);
    const { conversationId, parentId, question, attachments, images } = found.turn;
    const turn = newTurn({ id: command.turnId, conversationId, parentId, question, attachments, images });
    const messages = messagesFor(found.before, turn, found.conversation.systemPrompt);
    const picked = chosen(command, found.conversation);
    return this.start(found.conversation, turn, messages, () => store.addTurn(turn), picked);
  }

  /**
   * Carries on an interrupted, stopped or failed answer in its own turn (or follows it, if it
   * runs). One that received nothing is asked again in place: Retry of a failed request adds
   * no version that holds only its error.
   */
  private async resume(command: Command<'continue'>): Promise<Answer> {
    const existing = this.live.get(command.turnId);
    if (existing && !existing.finished) return existing;
    // Carrying on an answer that is just ending starts from its end as stored.
    if (existing) await existing.ended;
    const store = await this.deps.store();
    const found = await this.find(store, command.turnId);
    const looped = !command.withoutTools && (found.turn.rounds?.length ?? 0) > 0;
    const fresh = found.turn.answer === '';
    const turn: TurnRecord = {
      ...found.turn,
      ...(fresh ? { reasoning: undefined, usage: undefined, answeredBy: undefined } : {}),
      ...(command.withoutImages ? { images: undefined } : {}),
      // A tool loop carries on from its last kept round: text written after it is asked again.
      ...(looped
        ? { answer: found.turn.answer.slice(0, partStarts(found.turn.steps).at(-1)), roundLimit: undefined }
        : {}),
      status: 'streaming',
      error: undefined,
      finishReason: undefined,
    };
    const { before, conversation } = found;
    const messages =
      fresh || looped
        ? messagesFor(before, turn, conversation.systemPrompt)
        : continueMessages(before, { ...found.turn, images: turn.images }, conversation.systemPrompt);
    const options = { rounds: looped ? found.turn.rounds : undefined, withoutTools: command.withoutTools };
    return this.start(conversation, turn, messages, () => store.putTurn(turn), chosen(command, conversation), options);
  }

  /**
   * The answer to follow for a turn. One that has ended but is still storing its end can still
   * be followed (its end is sent once stored); once it has settled, storage has the turn.
   */
  private running(turnId: string): Answer | undefined {
    const answer = this.live.get(turnId);
    return answer?.settled ? undefined : answer;
  }

  /** A stored turn, its conversation and what comes before it on its path. */
  private async find(store: HistoryStore, turnId: string) {
    const turn = await store.turn(turnId);
    const conversation = turn && (await store.conversation(turn.conversationId));
    if (!turn || !conversation) throw new Error(t('errMessageGone'));
    const path = pathTo(await store.turns(turn.conversationId), turn.id).map((s) => s.turn);
    return { turn, conversation, before: path.slice(0, -1) };
  }

  private async start(
    conversation: ConversationRecord,
    turn: TurnRecord,
    messages: ChatMessage[],
    /** Stores the turn as it starts (new, or carried on). */
    write: () => Promise<void>,
    { providerId, model, toolsOff, web, windowId }: Chosen,
    options: Pick<RunContext, 'rounds' | 'withoutTools'> = {},
  ): Promise<Answer> {
    const settings = await this.deps.settings();
    const provider = pickProvider(settings, providerId);
    // A model chosen for a provider since removed is not the default provider's.
    if (provider?.id !== providerId) model = undefined;
    // Stored with the turn from its start: an answer cut off by a stopped worker still names its model.
    turn.model = model ?? provider?.model;
    await write();
    const answer = new Answer(await this.deps.store(), conversation, turn);
    this.track(turn.id, answer);
    const fail = (message: string): void => answer.receive({ type: 'error', code: 'bad_request', message });
    if (!provider) {
      fail(t('errNoProvider'));
      return answer;
    }
    const given = givenAddresses(messages);
    const tools = this.deps.tools;
    const run = { answer, provider, model, settings, toolsOff, web, given, windowId, stream: this.deps.stream, tools };
    this.deps
      .withMaterial(messages)
      .then((fenced) => runAnswer({ ...run, ...options }, fenced))
      .catch((e: unknown) => fail(t('errCouldNotSend', messageOf(e))));
    return answer;
  }

  /** `answer` is its turn's live one until it ends; a Stop that came before it started applies now. */
  private track(turnId: string, answer: Answer): void {
    this.live.set(turnId, answer);
    if (this.stops.delete(turnId)) answer.stop();
    this.keepAlive();
    void answer.ended.then(() => {
      // A Continue may already have put a new answer for this turn in its place.
      if (this.live.get(turnId) === answer) this.live.delete(turnId);
      this.keepAlive();
    });
  }

  private keepAlive(): void {
    if (this.live.size > 0 && this.timer === undefined) {
      this.timer = setInterval(this.deps.heartbeat, this.deps.heartbeatMs ?? 20_000);
    } else if (this.live.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}

/** The material of a new question: sent with it, or kept from the turn it edits. */
/**
 * The provider and model an answer uses: the question's choice (the header's), else the
 * conversation's; a provider without a model uses the model set up for it.
 */
function chosen(
  command: { providerId?: string; model?: string; toolsOff?: string[]; web?: boolean; windowId?: number },
  conversation: ConversationRecord,
): Chosen {
  // The tools switched off for this chat, and its web search: as the panel shows them, else as stored.
  // The window is the panel's that sent this command: a chat has no tab of its own.
  const tools = {
    toolsOff: command.toolsOff ?? conversation.toolsOff,
    web: command.web ?? conversation.web,
    windowId: command.windowId,
  };
  if (command.providerId !== undefined) return { providerId: command.providerId, model: command.model, ...tools };
  return { providerId: conversation.providerId, model: conversation.model, ...tools };
}

interface Chosen {
  providerId?: string;
  model?: string;
  toolsOff?: string[];
  web?: boolean;
  windowId?: number;
}

function materialFor(command: Command<'ask'>, turns: readonly TurnRecord[]): Attachment[] | undefined {
  if (command.attachmentsOf === undefined) return command.attachments;
  const source = turns.find((turn) => turn.id === command.attachmentsOf);
  if (!source) throw new Error(t('errMaterialGone'));
  return source.attachments;
}
