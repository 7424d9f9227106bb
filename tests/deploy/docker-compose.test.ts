import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";

/**
 * The compose file's security, read as compose reads it (no Docker here to start it):
 * MongoDB with access control and a keyfile from .env, the site and the stock tools each
 * signing in as their own user, no secret baked into an image.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => readFile(path.join(root, file), "utf8");

const serviceSchema = z.object({
  entrypoint: z.array(z.string()).optional(),
  command: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  volumes: z.array(z.string()).default([]),
});
const composeSchema = z.object({ services: z.record(z.string(), serviceSchema) });

const compose = async () => composeSchema.parse(parse(await read("docker-compose.yml"), { merge: true }));

/** Who a service signs in to MongoDB as, and with which variable's password; the variables stand in for their values. */
function mongoLogin(url: string | number | undefined) {
  const address = new URL(String(url).replace(/\$\{(\w+)[^}]*\}/g, "$1"));
  return { user: address.username, passwordFrom: address.password, authSource: address.searchParams.get("authSource") };
}

describe("docker-compose.yml", () => {
  it("runs MongoDB with a root user and a keyfile, both from .env", async () => {
    const { mongo } = (await compose()).services;
    expect(mongo!.command).toEqual(expect.arrayContaining(["--keyFile", "/etc/mongo-keyfile", "--replSet", "rs0"]));
    // $$ is compose's escape for a $ the container's shell expands.
    expect(mongo!.entrypoint?.join(" ")).toContain('printf "%s" "$$MONGO_KEYFILE" > /etc/mongo-keyfile');
    expect(mongo!.environment).toMatchObject({
      MONGO_INITDB_ROOT_USERNAME: "root",
      MONGO_INITDB_ROOT_PASSWORD: expect.stringMatching(/^\$\{MONGO_ROOT_PASSWORD:\?/),
      MONGO_KEYFILE: expect.stringMatching(/^\$\{MONGO_KEYFILE:\?/),
    });
    expect(mongo!.volumes).toContain("./deploy/mongo-users.js:/docker-entrypoint-initdb.d/mongo-users.js:ro");
  });

  it("has the site and the stock tools sign in as their own users, never as root", async () => {
    const { app, indexer, sync } = (await compose()).services;
    expect(mongoLogin(app!.environment.MONGODB_URL)).toEqual({ user: "site", passwordFrom: "MONGO_SITE_PASSWORD", authSource: "admin" });
    for (const tool of [indexer!, sync!]) {
      expect(mongoLogin(tool.environment.MONGODB_URL)).toEqual({
        user: "indexer",
        passwordFrom: "MONGO_INDEXER_PASSWORD",
        authSource: "admin",
      });
    }
    expect(JSON.stringify(app!.environment)).not.toMatch(/MONGO_ROOT_PASSWORD|MEILI_MASTER_KEY|MONGO_KEYFILE/);
  });

  it("makes exactly those users, with those passwords, when MongoDB's data is first created", async () => {
    const script = await read("deploy/mongo-users.js");
    expect(script).toContain('["site", process.env.MONGO_SITE_PASSWORD]');
    expect(script).toContain('["indexer", process.env.MONGO_INDEXER_PASSWORD]');
    const { mongo, app } = (await compose()).services;
    expect(Object.keys(mongo!.environment)).toEqual(expect.arrayContaining(["MONGO_SITE_PASSWORD", "MONGO_INDEXER_PASSWORD"]));
    expect(mongo!.environment.MONGODB_DB).toBe(app!.environment.MONGODB_DB);
  });

  it("takes every setting it reads from .env from those .env.example lists", async () => {
    const used = new Set([...(await read("docker-compose.yml")).matchAll(/\$\{(\w+)/g)].map(([, name]) => name));
    const listed = new Set([...(await read(".env.example")).matchAll(/^(\w+)=/gm)].map(([, name]) => name));
    expect([...used].filter((name) => !listed.has(name))).toEqual([]);
  });
});

describe(".dockerignore", () => {
  it("keeps .env, with its passwords and keys, out of every image", async () => {
    const ignored = (await read(".dockerignore")).split("\n").map((line) => line.trim());
    expect(ignored).toContain(".env");
  });
});
