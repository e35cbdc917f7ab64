/** An interruptible sleep: a wake() during the sleep ends it; a wake() before it makes the next one return at once. */
export class Waker {
  private pending = false;
  private resolve?: () => void;

  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.resolve = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.resolve = done;
    });
  }

  wake(): void {
    if (this.resolve) this.resolve();
    else this.pending = true;
  }
}
