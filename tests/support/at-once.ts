/**
 * Runs tasks at once, as simultaneous requests would, or, for a server that cannot apply
 * simultaneous updates of one record one after another (FerretDB), in turn: the result is
 * then checked the same way, and the suite's name says the writes were sent one at a time.
 */
export function atOnce(concurrent: boolean) {
  return async <T>(tasks: readonly (() => Promise<T>)[]): Promise<T[]> => {
    if (concurrent) return Promise.all(tasks.map((task) => task()));
    const results: T[] = [];
    for (const task of tasks) results.push(await task());
    return results;
  };
}
