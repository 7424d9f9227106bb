export type MethodName<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T] & string;

export interface SetUpOnFirstUse<T> {
  /** Stands in for the store: each call runs the set-up first, until it has once succeeded. */
  store: T;
  /** Runs the set-up now, unless it has succeeded already; calls made meanwhile wait for this one. */
  setUp(): Promise<void>;
}

/**
 * Hands out a store before its set-up has run, so that the site can start while MongoDB is
 * down (containers start in any order). Until the set-up has succeeded, each call runs it
 * first and fails as it fails (an outage, which the site answers with 503), so the first call
 * after MongoDB comes back sets the store up and is answered. The methods in `needNoSetUp`
 * go straight through: they only start or stop background work, or read what needs no index.
 */
export function setUpOnFirstUse<T extends object>(
  target: T,
  setUpTarget: () => Promise<void>,
  needNoSetUp: readonly MethodName<T>[],
): SetUpOnFirstUse<T> {
  let done = false;
  let running: Promise<void> | undefined;
  const setUp = (): Promise<void> => {
    if (done) return Promise.resolve();
    running ??= setUpTarget()
      .then(() => {
        done = true;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const passedStraight = new Set<string | symbol>(needNoSetUp);
  const store = new Proxy(target, {
    get(_, name) {
      const member: unknown = Reflect.get(target, name, target);
      if (typeof member !== "function") return member;
      if (done || passedStraight.has(name)) return member.bind(target);
      return (...args: unknown[]) => setUp().then(() => member.apply(target, args));
    },
  });
  return { store, setUp };
}
