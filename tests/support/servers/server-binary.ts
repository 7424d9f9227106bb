import { accessSync, constants } from "node:fs";
import path from "node:path";

/** A server's executable as the environment names it: the variable's path, or else the command on PATH. */
export interface ServerBinary {
  path: string;
  /** How it was found, for the report: "MEILI_BINARY" or "meilisearch on PATH". */
  foundBy: string;
}

export function findServerBinary(variable: string, command: string): ServerBinary | undefined {
  const named = process.env[variable];
  if (named) return { path: path.resolve(named), foundBy: variable };
  for (const directory of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(directory, command);
    if (isExecutable(candidate)) return { path: candidate, foundBy: `${command} on PATH` };
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
