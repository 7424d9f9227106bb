import { readFile } from "node:fs/promises";

/** /proc counts CPU time in USER_HZ ticks, 100 a second on Linux whatever the kernel's own tick. */
const TICKS_PER_SECOND = 100;

/** The CPU time a process has used so far, user and system, every thread (render threads included), in ms: from /proc (Linux). */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name, which is in brackets and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * The time the process's main thread (its event loop) has run on a CPU so far, in ms: from
 * /proc's scheduler statistics, to the nanosecond. Over a wait for an answer it is what the
 * wait would have been on an idle machine, where the thread is not kept from a CPU by others.
 */
export async function mainThreadCpuMs(pid: number): Promise<number> {
  const [onCpuNs] = (await readFile(`/proc/${pid}/task/${pid}/schedstat`, "utf8")).split(" ");
  return Number(onCpuNs) / 1e6;
}

/**
 * The site's CPU per request for a GET, asked `requests` times one after another: the site's
 * CPU time over them all, divided by their number, since /proc counts in 10 ms ticks. Unlike a
 * time to the last byte, it moves little with how busy the machine is.
 */
export async function cpuPerRequest(pid: number, url: string, cookie: string, requests = 20): Promise<number> {
  const before = await processCpuMs(pid);
  for (let n = 0; n < requests; n++) {
    const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
  return ((await processCpuMs(pid)) - before) / requests;
}

export const cpuFigure = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
