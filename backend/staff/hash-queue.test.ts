import { describe, expect, it } from "vitest";
import { defaultHashLimits, HashQueue, type HashTurn } from "./hash-queue";

/** A queue whose hashes finish only when the test says, recording the order they started in. */
function queueOf(running: number, waiting: number) {
  const queue = new HashQueue({ running, waiting });
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const hash = (name: string, turn: HashTurn) =>
    queue.run(
      () =>
        new Promise<string>((resolve) => {
          started.push(name);
          finishers.set(name, () => resolve(name));
        }),
      turn,
    );
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  const finish = async (name: string) => {
    finishers.get(name)!();
    await settled();
  };
  return { queue, hash, started, finish, settled };
}

const stranger = (client: string): HashTurn => ({ client, known: false });
const known = (client: string): HashTurn => ({ client, known: true });

describe("the hash queue", () => {
  it("runs as many hashes at once as it is allowed, and the next as one finishes", async () => {
    const { hash, started, finish, settled } = queueOf(2, 10);
    const results = ["a", "b", "c"].map((name) => hash(name, stranger("10.0.0.1")));
    await settled();
    expect(started).toEqual(["a", "b"]);
    await finish("a");
    expect(started).toEqual(["a", "b", "c"]);
    await finish("b");
    await finish("c");
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
  });

  it("takes a known browser's hash before any stranger's, and strangers one from each client address in turn", async () => {
    const { hash, started, finish, settled } = queueOf(1, 10);
    void hash("running", stranger("10.0.0.1"));
    for (const n of [1, 2, 3]) void hash(`flood-a${n}`, stranger("10.0.0.1"));
    for (const n of [1, 2, 3]) void hash(`flood-b${n}`, stranger("10.0.0.2"));
    void hash("staff on a new browser", stranger("10.0.0.9"));
    void hash("staff on their own browser", known("10.0.0.8"));
    await settled();
    for (const name of [
      "running",
      "staff on their own browser",
      "flood-a1",
      "flood-b1",
      "staff on a new browser",
      "flood-a2",
      "flood-b2",
      "flood-a3",
    ])
      await finish(name);
    expect(started).toEqual([
      "running",
      "staff on their own browser",
      "flood-a1",
      "flood-b1",
      "staff on a new browser",
      "flood-a2",
      "flood-b2",
      "flood-a3",
      "flood-b3",
    ]);
  });

  it("keeps a bounded number waiting: a newcomer pushes out the last of the client with most waiting, or is itself refused", async () => {
    const { hash, started, finish, settled } = queueOf(1, 4);
    const running = hash("running", stranger("10.0.0.1"));
    const flood = [1, 2, 3, 4].map((n) => hash(`flood${n}`, stranger("10.0.0.1")));
    // Full: another from the same client is refused at once, with nothing run for it.
    expect(await hash("flood5", stranger("10.0.0.1"))).toBeUndefined();
    // A client with none waiting takes the place of the flood's last.
    const staff = hash("staff", stranger("10.0.0.9"));
    expect(await flood[3]).toBeUndefined();
    // Known browsers have places of their own.
    const owner = hash("owner", known("10.0.0.8"));
    await settled();
    for (const name of ["running", "owner", "flood1", "staff", "flood2"]) await finish(name);
    expect(await Promise.all([running, staff, owner])).toEqual(["running", "staff", "owner"]);
    expect(started).toEqual(["running", "owner", "flood1", "staff", "flood2", "flood3"]);
    expect(started).not.toContain("flood4");
  });

  it("passes a failed hash's error to its caller and goes on to the next", async () => {
    const queue = new HashQueue({ running: 1, waiting: 4 });
    const failing = queue.run(() => Promise.reject(new Error("scrypt failed")), stranger("10.0.0.1"));
    const next = queue.run(async () => "next", stranger("10.0.0.2"));
    await expect(failing).rejects.toThrow("scrypt failed");
    expect(await next).toBe("next");
  });

  it("runs one hash for every two cores by default, at most two of libuv's four threads, with thirty waiting for each", () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultHashLimits(cores).running)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(defaultHashLimits(2).waiting).toBe(30);
  });
});
