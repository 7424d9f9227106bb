import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { request, type IncomingHttpHeaders } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { spawnBuiltSite, stopSite, type SiteProcess } from "../tests/support/built-site";
import { freePort } from "../tests/support/free-port";
import { addStaffAccounts, STAFF_PASSWORD, staffEmail } from "../tests/support/staff-accounts";

/**
 * A sign-in flood, as an attacker sends it: 300 sign-ins for addresses with no account, 30 at
 * once from each of 10 client addresses (the site behind a proxy, TRUST_PROXY=1, so each
 * X-Forwarded-For is a client). Beside it, /healthz is asked every 50 ms, one at a time, and a
 * second in, a member of staff signs in twice at once: from a browser new to the account, and
 * from one that has signed in to it before (its device cookie). The same figures are taken first on the
 * idle site, as the baseline at this machine's load. Each build (this one, and any given, a
 * copy of an earlier build say) is run in turn on a data folder of its own.
 */

const CLIENTS = 10;
const SIGN_INS_PER_CLIENT = 30;
const PROBE_MS = 50;
const IDLE_SECONDS = 3;
const STAFF_AFTER_MS = 1000;

export interface SignInFloodRow {
  build: string;
  figures: Record<string, string>;
}

export async function benchSignInFlood(builds: readonly string[]): Promise<SignInFloodRow[]> {
  const rows: SignInFloodRow[] = [];
  for (const build of builds) {
    process.stderr.write(`Sign-in flood: ${build || "this build"}...\n`);
    rows.push(await floodOnce(build));
  }
  return rows;
}

export function signInFloodTable(rows: readonly SignInFloodRow[]): string[] {
  const columns = Object.keys(rows[0]?.figures ?? {});
  return [
    "",
    `A flood of ${CLIENTS * SIGN_INS_PER_CLIENT} sign-ins for unknown addresses, ${SIGN_INS_PER_CLIENT} at once from each of ${CLIENTS} clients; /healthz asked every ${PROBE_MS} ms, a member of staff signing in beside it:`,
    "",
    `| build | ${columns.join(" | ")} |`,
    `|---|${columns.map(() => "---:").join("|")}|`,
    ...rows.map((row) => `| ${row.build} | ${columns.map((column) => row.figures[column]).join(" | ")} |`),
  ];
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

async function floodOnce(build: string): Promise<SignInFloodRow> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-sign-in-flood-"));
  try {
    await addStaffAccounts(dataDir, ["admin"]);
    const site = await spawnBuiltSite({
      dataDir,
      port: await freePort(),
      ...(build ? { entry: build } : {}),
      env: { TRUST_PROXY: "1", STAFF_REQUIRE_2FA: "0", STOCK_FEED_URL: "", DEMO_STOCK_SIZE: "30" },
      timeoutMs: 60_000,
    });
    try {
      const client = siteClient(site);
      // The device cookie of a browser the member of staff has signed in on before.
      const first = await client.signIn(staffEmail("admin"), STAFF_PASSWORD, "10.9.0.1");
      const device = cookieOf(first.answer, "__Host-staff_device");
      if (!device) throw new Error(`The first sign-in answered ${first.answer.status} with no device cookie`);

      const idleProbe = await probeHealth(site.url);
      await sleep(IDLE_SECONDS * 1000);
      const idleNew = await client.signIn(staffEmail("admin"), STAFF_PASSWORD, "10.9.0.2");
      const idleKnown = await client.signIn(staffEmail("admin"), STAFF_PASSWORD, "10.9.0.1", device);
      const idle = await idleProbe.stop();

      const forms = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client.signInForm(`10.8.0.${i}`)));
      const newForm = await client.signInForm("10.9.0.3");
      const knownForm = await client.signInForm("10.9.0.1", device);
      const loadBefore = loadavg()[0]!;
      const cpuBefore = await cpuSeconds(site.server.pid!);
      const floodProbe = await probeHealth(site.url);
      const started = performance.now();
      const sent = forms.flatMap((form, i) =>
        Array.from({ length: SIGN_INS_PER_CLIENT }, (_, n) =>
          client.post(`nobody-${i}-${n}@dealer.example`, `a wrong password ${n}`, `10.8.0.${i}`, form),
        ),
      );
      // A second into the flood, with its hashes queued, the member of staff signs in.
      await sleep(STAFF_AFTER_MS);
      const [duringNew, duringKnown] = await Promise.all([
        client.timedPost(staffEmail("admin"), STAFF_PASSWORD, "10.9.0.3", newForm),
        client.timedPost(staffEmail("admin"), STAFF_PASSWORD, "10.9.0.1", knownForm, device),
      ]);
      const answers = await Promise.all(sent);
      const floodMs = performance.now() - started;
      const during = await floodProbe.stop();
      const cpu = (await cpuSeconds(site.server.pid!)) - cpuBefore;
      for (const { answer, ms } of [idleNew, idleKnown, duringNew, duringKnown])
        if (answer.status !== 302) throw new Error(`A staff sign-in answered ${answer.status} after ${Math.round(ms)} ms`);
      return {
        build: build ? path.basename(path.dirname(path.dirname(path.dirname(build)))) : "this build",
        figures: {
          "load average (1 min)": loadBefore.toFixed(1),
          "/healthz idle p50 / max": `${ms(idle.median)} / ${ms(idle.max)}`,
          "/healthz in the flood p50 / p99 / max": `${ms(during.median)} / ${ms(during.p99)} / ${ms(during.max)}`,
          "staff sign-in idle, new / known browser": `${ms(idleNew.ms)} / ${ms(idleKnown.ms)}`,
          "staff sign-in in the flood, new / known browser": `${ms(duringNew.ms)} / ${ms(duringKnown.ms)}`,
          "flood answered in": ms(floodMs),
          "flood answers": statusCounts(answers),
          "site CPU per flood request": ms((cpu * 1000) / answers.length),
        },
      };
    } finally {
      await stopSite(site);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface SignInForm {
  token: string;
  cookie: string;
}

/** The site asked as browsers at different client addresses would ask it, each request on a connection of its own. */
function siteClient(site: SiteProcess) {
  const port = Number(new URL(site.url).port);
  const send = (address: string, method: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const sending = request({ host: "127.0.0.1", port, path: address, method, headers, agent: false }, (response) => {
        response.resume().on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      });
      sending.on("error", reject).end(body);
    });
  const signInForm = async (client: string, device?: string): Promise<SignInForm> => {
    const page = await new Promise<{ body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
      const asking = request(
        {
          host: "127.0.0.1",
          port,
          path: "/staff/sign-in",
          headers: { "X-Forwarded-For": client, ...(device ? { Cookie: device } : {}) },
          agent: false,
        },
        (response) => {
          let body = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ body, headers: response.headers }));
        },
      );
      asking.on("error", reject).end();
    });
    const token = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
    const cookie = cookieOf(page, "__Host-staff_sign_in");
    if (!token || !cookie) throw new Error("The sign-in page gave no form token");
    return { token, cookie };
  };
  const post = (email: string, password: string, client: string, form: SignInForm, device?: string) =>
    send(
      "/staff/sign-in",
      "POST",
      {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: site.url,
        Accept: "text/html",
        "X-Forwarded-For": client,
        Cookie: [form.cookie, device].filter(Boolean).join("; "),
      },
      new URLSearchParams({ csrf: form.token, email, password, next: "/staff" }).toString(),
    );
  const timedPost = async (email: string, password: string, client: string, form: SignInForm, device?: string) => {
    const started = performance.now();
    const answer = await post(email, password, client, form, device);
    return { answer, ms: performance.now() - started };
  };
  return {
    signInForm,
    post,
    timedPost,
    /** A sign-in as a person makes it: the form, then the post, timed from the post. */
    signIn: async (email: string, password: string, client: string, device?: string) =>
      timedPost(email, password, client, await signInForm(client, device), device),
  };
}

/** "name=value" of a cookie the answer sets. */
function cookieOf(answer: { headers: IncomingHttpHeaders }, name: string): string | undefined {
  return (answer.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith(`${name}=`))?.split(";")[0];
}

/**
 * /healthz asked every PROBE_MS, one at a time, until stopped: the time of each answer. It is
 * asked from a thread of its own, so that the time this process spends sending the flood and
 * reading its answers is not counted as the site's. Its first fetch, untimed, is awaited
 * before the flood: a new thread's first fetch loads the fetch client, which took up to 250 ms
 * with the machine busy with the flood, while the site answered every /healthz within 3 ms.
 */
async function probeHealth(url: string): Promise<{ stop(): Promise<Latencies> }> {
  const prober = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
    const times = [];
    let stopped = false;
    parentPort.once("message", () => (stopped = true));
    const ask = () => fetch(workerData.url + "/healthz").then((response) => response.arrayBuffer(), () => undefined);
    (async () => {
      await ask();
      parentPort.postMessage("ready");
      while (!stopped) {
        const started = performance.now();
        await ask();
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
      }
      parentPort.postMessage(times);
    })();`,
    { eval: true, workerData: { url, everyMs: PROBE_MS } },
  );
  await once(prober, "message");
  const answered = once(prober, "message") as Promise<[number[]]>;
  return {
    stop: async () => {
      prober.postMessage("stop");
      const [times] = await answered;
      await prober.terminate();
      return latencies(times);
    },
  };
}

interface Latencies {
  median: number;
  p99: number;
  max: number;
}

function latencies(times: readonly number[]): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { median: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** CPU seconds the process has used so far, user and system (Linux). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function statusCounts(answers: readonly Answer[]): string {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");
}

const ms = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`);
