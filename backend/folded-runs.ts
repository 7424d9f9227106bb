/**
 * Work run one at a time in the background, however often it is asked for: a call while it
 * runs asks for one more run after it (a burst of calls costs at most two runs), and is
 * answered with the current run. A run's failure is the caller's `work` to report; the
 * promise returned never rejects.
 */
export class FoldedRuns {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly work: () => Promise<void>) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.work()
      .catch(() => undefined)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.run();
        }
      });
    return this.running;
  }

  /** Settles once no run is left, the one asked for after the current included. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }
}
