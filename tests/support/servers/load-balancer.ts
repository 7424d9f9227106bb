import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../free-port";
import { findServerBinary, type ServerBinary } from "./server-binary";
import type { TestServer, Unavailable } from "./test-server";

const DEBIAN_HAPROXY = "/usr/sbin/haproxy";

export interface LoadBalancer extends TestServer {
  port: number;
}

/**
 * HAProxy from the distribution's package (HAPROXY_BINARY, or haproxy on PATH), in front of
 * the given instances on 127.0.0.1: round robin, no sticky sessions, each instance's liveness
 * (/healthz, "ok" and not "draining") checked every second, a request whose instance refused or dropped the connection
 * before answering sent to another. Every answer names the instance that gave it in
 * X-Served-By, so a test can tell that the requests were spread.
 */
/** HAProxy as the environment names it (HAPROXY_BINARY, haproxy on PATH, or Debian's /usr/sbin/haproxy), or why there is none. */
export function findLoadBalancer(): ServerBinary | Unavailable {
  // Debian installs it in /usr/sbin, which is on root's PATH only.
  const binary =
    findServerBinary("HAPROXY_BINARY", "haproxy") ??
    (existsSync(DEBIAN_HAPROXY) ? { path: DEBIAN_HAPROXY, foundBy: DEBIAN_HAPROXY } : undefined);
  return (
    binary ?? {
      skipReason: "neither HAPROXY_BINARY, haproxy on PATH nor /usr/sbin/haproxy names a load balancer to start (apt-get install haproxy)",
    }
  );
}

export async function startLoadBalancer(binary: ServerBinary, instancePorts: readonly number[]): Promise<LoadBalancer> {
  const port = await freePort();
  const directory = await mkdtemp(path.join(tmpdir(), "haproxy-"));
  const configFile = path.join(directory, "haproxy.cfg");
  await writeFile(configFile, haproxyConfig(port, instancePorts));
  const child = spawn(binary.path, ["-db", "-f", configFile], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy did not start: ${errors.trim()}`);
    }
    const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    await sleep(50);
  }
  const version = /HAProxy version (\S+)/.exec(await versionOf(binary.path))?.[1] ?? "";
  return { url: `http://127.0.0.1:${port}`, port, label: `HAProxy ${version}, started from ${binary.foundBy}`, stop };
}

/**
 * As deploy/haproxy.cfg, but checking liveness rather than readiness: FerretDB on a busy test
 * machine may answer slower than the readiness check's deadline, which would take every
 * instance out at once; an instance killed is found by its refused connections either way.
 * Liveness says "draining" when an instance is told to stop, as readiness does with a 503,
 * so the check looks for "ok" in its answer.
 */
function haproxyConfig(port: number, instancePorts: readonly number[]): string {
  return [
    "global",
    "  maxconn 512",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout check 5s",
    "  option forwardfor",
    // A request that never reached an instance, or whose instance died before answering a
    // byte, is sent to another; HAProxy retries only what is safe to send twice.
    "  retries 2",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response",
    "frontend site",
    `  bind 127.0.0.1:${port}`,
    "  default_backend instances",
    "backend instances",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1",
    // `"status":"ok"`, written without quotes: HAProxy's configuration would take them as its own.
    "  http-check expect rstring status.{3}ok",
    "  default-server inter 1s fall 3 rise 2",
    "  http-response set-header X-Served-By %s",
    ...instancePorts.map((instancePort, i) => `  server instance-${i + 1} 127.0.0.1:${instancePort} check`),
    "",
  ].join("\n");
}

async function versionOf(binary: string): Promise<string> {
  const child = spawn(binary, ["-v"], { stdio: ["ignore", "pipe", "ignore"] });
  let text = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
  await once(child, "exit");
  return text;
}
