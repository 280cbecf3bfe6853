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
