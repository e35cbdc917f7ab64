// Loaded before the app by scripts/test-moved-clock.sh only: the page's clock moved by the same
// offset as the server's and the tests' (libfaketime there). Never part of a real build.
(() => {
  const offset = Number(document.currentScript.dataset.offsetMs);
  const RealDate = Date;
  class MovedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  window.Date = MovedDate;
})();
