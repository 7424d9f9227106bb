import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);

/** Text assets worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg)$/;
/** Below about a packet, compression saves nothing on the wire. */
const MIN_BYTES = 1024;

/**
 * Vite plugin: after the client build, writes a brotli copy (quality 11, too slow to run on
 * each request) beside each script, stylesheet and SVG, for backend/http/precompressed-assets.ts
 * to serve.
 */
export function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const directory = options.dir;
      if (!directory) return;
      const names = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(directory, name);
          const body = await readFile(file);
          if (body.length < MIN_BYTES) return;
          const packed = await brotli(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          });
          if (packed.length < body.length) await writeFile(`${file}.br`, packed);
        }),
      );
    },
  };
}
