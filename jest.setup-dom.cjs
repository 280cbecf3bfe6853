'use strict';
require('@testing-library/jest-dom');

// antd reads media queries for its responsive grid; jsdom has no matchMedia.
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}
// antd's responsive observers and the justified grid measure their container.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Lazily loaded antd components take a while to load the first time on a 2-core machine.
require('@testing-library/react').configure({ asyncUtilTimeout: 15000 });
// ScrollRestoration scrolls; jsdom does not implement it.
window.scrollTo = () => {};

// jsdom has no MessageChannel; antd's Select (rc-select) opens and closes its popup in a
// macrotask made with one. This stand-in posts through setTimeout, so fake timers drive it
// too: only what rc-select uses (port1.onmessage, port2.postMessage).
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimeoutMessagePort {
    constructor() {
      this.onmessage = null;
      this.other = null;
    }
    postMessage(data) {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close() {
      this.onmessage = null;
    }
  }
  globalThis.MessageChannel = class {
    constructor() {
      this.port1 = new TimeoutMessagePort();
      this.port2 = new TimeoutMessagePort();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  };
}
