/**
 * For the panel's chat tests in Node: chat ports whose worker side the test plays, an answer
 * view that rebuilds the answer's HTML from its patches as AnswerDom does, and a worker history
 * that holds conversations in memory.
 */
import type { ConversationRecord, TurnView } from '../../shared/history';
import type { ChatCommand, ChatEvent, Req } from '../../shared/protocol';
import { ChatSession, type AnswerView, type Opened } from './chat-session';
import type { ChatPort } from './turn-follower';

/** One chat port as the worker sees it. */
export interface WorkerSide {
  /** What the panel posted on it. */
  posted: ChatCommand[];
  /** Sends events to the panel. */
  emit: (...events: ChatEvent[]) => void;
  /** The worker goes away: the port disconnects. */
  drop: () => void;
  /** The panel closed the port. */
  closed: () => boolean;
}

/** A `connect` for the panel, and the worker's side of every port it opened. */
export function fakePorts() {
  const opened: WorkerSide[] = [];
  const connect = (): ChatPort => {
    let onMessage: (event: ChatEvent) => void = () => undefined;
    let onClose: () => void = () => undefined;
    let open = true;
    const posted: ChatCommand[] = [];
    opened.push({
      posted,
      emit: (...events) => events.forEach((e) => onMessage(e)),
      drop: () => {
        open = false;
        onClose();
      },
      closed: () => !open,
    });
    // Like a real port, posting after either side disconnected does nothing, and the side
    // that disconnects is not told.
    return {
      post: (message) => open && posted.push(message),
      listen: (callback) => (onMessage = callback),
      onClose: (callback) => (onClose = callback),
      close: () => (open = false),
    };
  };
  return { connect, opened, last: () => opened[opened.length - 1]! };
}

/** An answer view that keeps the HTML its patches build, as AnswerDom shows it. */
export class FakeAnswer implements AnswerView {
  private blocks = '';
  private tail = '';
  enqueue: AnswerView['enqueue'] = (patch) => {
    if (patch.reset) this.blocks = '';
    this.blocks += patch.frozen.join('');
    this.tail = patch.tail;
  };
  load = (html: string) => {
    this.blocks = html;
    this.tail = '';
  };
  /** Parts show with a marker where their steps sit. */
  loadParts = (parts: readonly string[], open = false) => {
    this.blocks = parts.join('<steps/>') + (open ? '<steps/>' : '');
    this.tail = '';
  };
  nextPart = () => {
    this.blocks += this.tail + '<steps/>';
    this.tail = '';
  };
  /** Whether its stream was said to have ended. */
  ended = false;
  end = () => {
    this.ended = true;
  };
  html = () => this.blocks + this.tail;
}

export const conversation = (id = 'c', fields: Partial<ConversationRecord> = {}): ConversationRecord => ({
  id,
  title: 'Q',
  titleEdited: false,
  createdAt: 1,
  updatedAt: 1,
  leafId: null,
  ...fields,
});

/** A turn as storage has it, with its answer's HTML. */
export const storedTurn = (id: string, fields: Partial<TurnView> = {}): TurnView => ({
  id,
  conversationId: 'c',
  parentId: null,
  createdAt: 1,
  question: `Q ${id}`,
  answer: '',
  status: 'done',
  html: '',
  ...fields,
});

/** A chunk of text as the worker sends it: the text and its render patch. */
export const chunk = (text: string, frozen: string[] = [], tail = `<p>${text}</p>`): ChatEvent => ({
  type: 'chunk',
  text,
  patch: { frozen, tail },
});

/** A session on fakes: `stored` is what history.open answers, by conversation id. */
export function fakeSession(stored: Record<string, Opened> = {}) {
  const ports = fakePorts();
  const storage = new Map<string, string>();
  const updates: Req<'history.update'>[] = [];
  const opens: string[] = [];
  const history = {
    open: async (id: string) => {
      opens.push(id);
      return stored[id] ?? null;
    },
    update: async (change: Req<'history.update'>) => {
      updates.push(change);
      return {};
    },
  };
  const session = new ChatSession({
    connect: ports.connect,
    history,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => storage.set(key, value),
      removeItem: (key) => storage.delete(key),
    },
    answer: () => new FakeAnswer(),
  });
  return { session, ports, storage, history, updates, opens, view: session.snapshot };
}
