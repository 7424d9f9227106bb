/**
 * A one-line progress bar for a terminal, redrawn at most ten times a second. When the
 * output is not a terminal (a cron job's log), it stays silent and the summary says it all.
 */
export interface ProgressBar {
  update(done: number): void;
  label(text: string): void;
  finish(): void;
}

const WIDTH = 30;

export function progressBar(stream: NodeJS.WriteStream, total: number, initialLabel: string, unit: (n: number) => string): ProgressBar {
  if (!stream.isTTY) return { update() {}, label() {}, finish() {} };
  let text = initialLabel;
  let done = 0;
  let drawnAt = 0;
  const draw = () => {
    const share = total > 0 ? Math.min(1, done / total) : 0;
    const filled = Math.round(share * WIDTH);
    const bar = `${"█".repeat(filled)}${"░".repeat(WIDTH - filled)}`;
    stream.write(`\r${text} ${bar} ${String(Math.round(share * 100)).padStart(3)}%  ${unit(done)} of ${unit(total)}\x1b[K`);
    drawnAt = Date.now();
  };
  return {
    update(value) {
      done = value;
      if (Date.now() - drawnAt >= 100) draw();
    },
    label(value) {
      text = value;
      draw();
    },
    finish() {
      done = total;
      draw();
      stream.write("\n");
    },
  };
}
