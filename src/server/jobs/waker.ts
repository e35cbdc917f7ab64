/** An interruptible sleep: a wake() during the sleep ends it; a wake() before it makes the next one return at once. */
export class Waker {
  private pending = false;
  private resolve?: () => void;
  private timer?: NodeJS.Timeout;
  private until = 0;

  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(this.timer);
        this.resolve = undefined;
        resolve();
      };
      this.resolve = done;
      this.setTimer(ms);
    });
  }

  /** Something becomes due in `ms`: a sleep planned to last longer ends then instead (a busy sleeper is left alone). */
  wakeIn(ms: number): void {
    if (this.resolve && Date.now() + ms < this.until) this.setTimer(ms);
  }

  private setTimer(ms: number) {
    clearTimeout(this.timer);
    this.until = Date.now() + ms;
    this.timer = setTimeout(() => this.resolve?.(), ms);
    this.timer.unref();
  }

  wake(): void {
    if (this.resolve) this.resolve();
    else this.pending = true;
  }
}
