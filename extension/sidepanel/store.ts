/**
 * State that React reads with useSyncExternalStore. The panel's plain modules (the chat session,
 * the history list) keep theirs in one, so they run, and are tested, without React.
 */
export class Store<V extends object> {
  private readonly listeners = new Set<() => void>();

  constructor(protected view: V) {}

  // Arrow functions: React is handed them as they are.

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The current state; a new object whenever any of it changes. */
  readonly snapshot = (): V => this.view;

  /** Changes some of the state, and tells every subscriber. */
  protected set(change: Partial<V>): void {
    this.view = { ...this.view, ...change };
    this.listeners.forEach((listener) => listener());
  }

  /**
   * Changes state that nothing on screen shows differently, without telling subscribers: React
   * reads it at its next render. For what changes many times a second (an answer's text, which
   * the panel shows through its own DOM) and would otherwise re-render the panel each time.
   */
  protected setQuietly(change: Partial<V>): void {
    this.view = { ...this.view, ...change };
  }
}
