import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { liveVersion } from "../../domain/content/content-versions";
import { ContentConflictError, ContentEditing, ContentInvalidError } from "./content-editing";
import { FileContentStore } from "./file-content-store";

const alex = { id: "acct-1", name: "Alex" };
const sam = { id: "acct-2", name: "Sam" };
const at = (hour: number) => new Date(Date.UTC(2026, 11, 1, hour));
const notice = (text: string) => ({ text, from: "2026-12-24T00:00:00Z", until: "2026-12-28T00:00:00Z" });

describe("saving content", () => {
  let dataDir: string;
  let editing: ContentEditing;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "content-editing-"));
    editing = new ContentEditing(await FileContentStore.open(dataDir));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("keeps every save as a version, drafts unseen until published", async () => {
    const draft = await editing.save("notice", { body: notice("Closed on Boxing Day"), basedOn: 0, publish: false }, alex, at(9));
    expect(liveVersion(draft, at(10))).toBeUndefined();
    const published = await editing.save(
      "notice",
      { body: notice("Closed on Boxing Day"), basedOn: 1, publish: true, publishAt: at(12) },
      alex,
      at(10),
    );
    expect(published.versions.map(({ number, published }) => [number, published])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(liveVersion(published, at(11))).toBeUndefined();
    expect(liveVersion(published, at(12))?.body).toMatchObject({ text: "Closed on Boxing Day", from: new Date("2026-12-24T00:00:00Z") });
  });

  it("refuses a body that breaks its schema, naming the field", async () => {
    const refused = await editing
      .save("notice", { body: { ...notice("Closed"), until: "2026-12-01T00:00:00Z" }, basedOn: 0, publish: true }, alex, at(9))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentInvalidError);
    expect((refused as ContentInvalidError).field).toBe("until");
    await expect(editing.save("page:nowhere", { body: {}, basedOn: 0, publish: false }, alex, at(9))).rejects.toMatchObject({
      field: "key",
    });
  });

  it("refuses the second of two editors, showing what the first saved against what the second tried", async () => {
    await editing.save("notice", { body: notice("Closed on Boxing Day"), basedOn: 0, publish: true }, alex, at(9));
    await editing.save("notice", { body: notice("Closed 24th to 27th December"), basedOn: 1, publish: true }, alex, at(10));
    const refused = await editing
      .save("notice", { body: notice("Closed over Christmas"), basedOn: 1, publish: true }, sam, at(11))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentConflictError);
    const { difference, current } = refused as ContentConflictError;
    expect(current?.versions).toHaveLength(2);
    expect(difference.filter(({ change }) => change !== "same")).toEqual([
      { change: "removed", text: "text: Closed 24th to 27th December" },
      { change: "added", text: "text: Closed over Christmas" },
    ]);
  });

  it("restores an earlier version as a new published one, and takes a version down", async () => {
    await editing.save("notice", { body: notice("First"), basedOn: 0, publish: true }, alex, at(9));
    await editing.save("notice", { body: notice("Second"), basedOn: 1, publish: true }, alex, at(10));
    const restored = await editing.restore("notice", 1, 2, sam, at(11));
    expect(restored.versions.at(-1)).toMatchObject({ number: 3, restoredFrom: 1, author: sam, published: true });
    expect(liveVersion(restored, at(12))?.body).toMatchObject({ text: "First" });
    const takenDown = await editing.takeDown("notice", 3, at(13), 3);
    expect(liveVersion(takenDown, at(14))?.body).toMatchObject({ text: "Second" });
  });
});
