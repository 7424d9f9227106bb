/**
 * A clock a browser test sets, loaded into a built site's process by the test alone
 * (`NODE_OPTIONS=--import=…/test-clock.mjs`, see test-clock-site.ts); the site's code knows
 * nothing of it, so nothing in production can move its time. The process's Date reads the
 * moment last written to the file TEST_CLOCK_FILE names, running on from there; an empty
 * file, the real time. Timers and performance.now() are left alone.
 */
import { readFileSync, watchFile } from "node:fs";

const file = process.env.TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    const moment = readFileSync(file, "utf8").trim();
    offset = moment ? RealDate.parse(moment) - RealDate.now() : 0;
  };
  read();
  watchFile(file, { interval: 50, persistent: false }, read);
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [target.now() + offset] : args, newTarget),
    apply: (target) => new target(target.now() + offset).toString(),
    get: (target, name, receiver) => (name === "now" ? () => target.now() + offset : Reflect.get(target, name, receiver)),
  });
}
