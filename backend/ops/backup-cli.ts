import { ConfigError, loadConfig } from "../config";
import { backUp, BackupError, restore } from "./backup";

const USAGE = `Backups of the embedded site's data (DATA_DIR, and PHOTOS_DIR when set elsewhere).

  npm run backup -- FOLDER     Copies the data, while the site runs, into FOLDER (new or empty).
  npm run restore -- FOLDER    Brings the backup in FOLDER back into DATA_DIR (and PHOTOS_DIR),
                               which must be empty; the site is started on it afterwards.

Settings come from the environment, as for the site. With MONGODB_URL set, the stock, leads
and staff records are in MongoDB: back them up with mongodump (docs/operations.md, Backups).`;

/** Exit statuses: 0 done, 1 the backup or restore failed, 2 a mistake in the command. */
async function main([command, folder, ...rest]: string[]): Promise<number> {
  if ((command !== "backup" && command !== "restore") || !folder || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const folders = { dataDir: config.DATA_DIR, ...(config.PHOTOS_DIR ? { photosDir: config.PHOTOS_DIR } : {}) };
  if (config.MONGODB_URL) process.stderr.write("MONGODB_URL is set: this copies the data folder only; dump MongoDB with mongodump.\n");
  const started = performance.now();
  const manifest = command === "backup" ? await backUp(folders, folder) : await restore(folder, folders);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  process.stdout.write(
    `${command === "backup" ? "Backed up" : "Restored"} ${manifest.files.length} files (${(bytes / 2 ** 20).toFixed(1)} MB) ` +
      `${command === "backup" ? `of ${config.DATA_DIR} into ${folder}` : `from ${folder} (version ${manifest.version}, ${manifest.createdAt}) into ${config.DATA_DIR}`} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error: unknown) => {
    if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
