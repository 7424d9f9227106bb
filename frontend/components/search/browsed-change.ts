/**
 * Arrowing through a closed select moves its choice one option at a time, and the browser
 * reports each as a change: a search per make passed on the way. A change made while a key
 * that moves the choice is held waits for the buyer to pause (or to leave the control, or
 * press Enter) and only the last is applied; any other change (a pick from the open list, a
 * tap on a phone's picker) is a commitment and applies at once.
 */

/** How long a buyer arrowing through options pauses before the one reached is searched for. */
export const BROWSING_PAUSE_MS = 400;

const MOVING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

/** Whether a key pressed on a closed select moves its choice: the arrows and their kin, or a letter typed to jump to an option. */
export function movesChoice(key: string): boolean {
  return MOVING_KEYS.has(key) || [...key].length === 1;
}

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The change a buyer is browsing towards. `show` is told what the controls should show
 * meanwhile (undefined once it is applied or dropped), `apply` gets each change that is made.
 */
export class BrowsedChange<T> {
  #draft: T | undefined;
  #timer: unknown;

  constructor(
    private readonly apply: (value: T) => void,
    private readonly show: (draft: T | undefined) => void,
    private readonly pauseMs = BROWSING_PAUSE_MS,
    private readonly timers: Timers = {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as number),
    },
  ) {}

  /** A change: applied now, or while `browsing`, once the buyer pauses. */
  propose(value: T, browsing: boolean): void {
    this.#stopTimer();
    if (!browsing) {
      this.#draft = undefined;
      this.apply(value);
      this.show(undefined);
      return;
    }
    this.#draft = value;
    this.show(value);
    this.#timer = this.timers.setTimeout(() => this.flush(), this.pauseMs);
  }

  /** Applies the change browsed to, if one waits: the buyer left the control or pressed Enter. */
  flush(): void {
    this.#stopTimer();
    if (this.#draft === undefined) return;
    const value = this.#draft;
    this.#draft = undefined;
    this.apply(value);
    this.show(undefined);
  }

  /** Drops a waiting change unapplied: the page is going away. */
  cancel(): void {
    this.#stopTimer();
    this.#draft = undefined;
  }

  #stopTimer(): void {
    if (this.#timer === undefined) return;
    this.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
