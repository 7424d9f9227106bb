import { availableParallelism } from "node:os";

/**
 * Password hashes, a few at a time, in an order of their own. scrypt runs on libuv's thread
 * pool, which every file read and write of the site shares (four threads: the site does not
 * change UV_THREADPOOL_SIZE). Left to itself, a flood of sign-ins filled the pool with a
 * hundred hashes, and every file read and write, sessions and the audit log among them, waited
 * nine seconds behind them (docs/benchmarks.md). Here hashes take at most half the pool's
 * threads and one for every two cores, so file I/O always has threads free and the site a
 * core; the rest wait here:
 *
 * - those of someone the site already knows (a browser the account has signed in on, a
 *   signed-in member, a set-password link) before any stranger's;
 * - strangers in turn by client address, one from each in rotation, so a member of staff on a
 *   new browser waits for one hash of each address flooding the site, not for all of them;
 * - at most WAITING_PER_HASHER for each hash running, for each of the two kinds. When full, a
 *   newcomer pushes out the last waiting hash of the address with the most waiting, unless its
 *   own address has as many: that attempt, or the newcomer, is refused at once (the caller
 *   answers as the sign-in guard's wait does), so nobody waits unboundedly.
 *
 * An unknown account's hash waits like a known one's: where an attempt waits depends on the
 * client and the browser, never on whether the address typed has an account.
 */

/** Who a hash is for: the client address, and whether the site knows them already. */
export interface HashTurn {
  client: string;
  known: boolean;
}

export interface HashLimits {
  /** Hashes running at once. */
  running: number;
  /** Hashes waiting, of each kind. */
  waiting: number;
}

/** libuv's thread pool, as Node starts it. */
const POOL_THREADS = 4;
/** Each hash takes about a tenth of a second of one core: thirty waiting are three seconds' work. */
const WAITING_PER_HASHER = 30;

export function defaultHashLimits(cores = availableParallelism()): HashLimits {
  const running = Math.max(1, Math.min(Math.floor(cores / 2), POOL_THREADS / 2));
  return { running, waiting: running * WAITING_PER_HASHER };
}

interface Waiting {
  start(): void;
  refuse(): void;
}

/** Waiting hashes of one kind by client address, taken one from each address in turn. */
class Rotation {
  private readonly byClient = new Map<string, Waiting[]>();
  size = 0;

  /** Adds a hash, pushing out another when full; false when the newcomer is the one refused. */
  add(client: string, hash: Waiting, capacity: number): boolean {
    const own = this.byClient.get(client) ?? [];
    if (this.size >= capacity) {
      const longest = [...this.byClient.values()].reduce((most, queue) => (queue.length > most.length ? queue : most), own);
      if (longest === own) return false;
      longest.pop()!.refuse();
      this.size--;
    }
    own.push(hash);
    this.byClient.set(client, own);
    this.size++;
    return true;
  }

  take(): Waiting | undefined {
    const first = this.byClient.entries().next();
    if (first.done) return undefined;
    const [client, queue] = first.value;
    const hash = queue.shift()!;
    // To the back of the rotation, or gone when it has nothing more waiting.
    this.byClient.delete(client);
    if (queue.length > 0) this.byClient.set(client, queue);
    this.size--;
    return hash;
  }
}

export class HashQueue {
  private running = 0;
  private readonly known = new Rotation();
  private readonly strangers = new Rotation();

  constructor(private readonly limits: HashLimits = defaultHashLimits()) {}

  /** `hash`'s result once its turn has come and it has run; undefined when there was no room for it. */
  run<T>(hash: () => Promise<T>, turn: HashTurn): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve, reject) => {
      const waiting: Waiting = {
        start: () => {
          this.running++;
          Promise.resolve()
            .then(hash)
            .then(resolve, reject)
            .finally(() => {
              this.running--;
              this.next();
            });
        },
        refuse: () => resolve(undefined),
      };
      if (this.running < this.limits.running && this.known.size + this.strangers.size === 0) return waiting.start();
      if (!(turn.known ? this.known : this.strangers).add(turn.client, waiting, this.limits.waiting)) waiting.refuse();
    });
  }

  private next(): void {
    if (this.running < this.limits.running) (this.known.take() ?? this.strangers.take())?.start();
  }
}
