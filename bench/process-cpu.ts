import { readdir, readFile } from "node:fs/promises";

/** CPU seconds (user and system) a process has used so far, from Linux's /proc. */
export async function cpuSecondsOfPid(pid: number | string): Promise<number> {
  // The command may hold spaces and brackets: the fields that follow it are counted from its closing one.
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by the process listening on `port` with `name` in its command line (Linux). */
export async function cpuSecondsOf(name: string, port: number): Promise<number | undefined> {
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const command = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (!command.includes(name) || !command.includes(`:${port}`)) continue;
    return cpuSecondsOfPid(pid);
  }
  return undefined;
}
