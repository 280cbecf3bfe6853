/**
 * @jest-environment ./jest.environment-dom.cjs
 */
'use strict';
/* global beforeEach, describe, expect, it -- Jest's globals */
require('./jest.setup-dom.cjs');
const { getByRole, waitFor, findByRole } = require('@testing-library/dom');

/** jest.setup-dom.cjs: a failed query's error prints the document except inside waitFor. */
describe('the errors of failed queries', () => {
  beforeEach(() => {
    document.body.innerHTML = '<main><p>Some text</p><button>Save</button></main>';
  });

  it('print the document outside waitFor, as Testing Library does', () => {
    expect(() => getByRole(document.body, 'button', { name: 'Cancel' })).toThrow(
      /Unable to find an accessible element with the role "button" and name "Cancel"[\s\S]*Here are the accessible roles:[\s\S]*Some text/,
    );
  });

  it('leave the print out while waitFor retries, and print the document when it times out', async () => {
    const messages = [];
    const error = await waitFor(
      () => {
        try {
          getByRole(document.body, 'button', { name: 'Cancel' });
        } catch (caught) {
          messages.push(caught.message);
          throw caught;
        }
      },
      { timeout: 120, interval: 20 },
    ).catch((caught) => caught);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).not.toMatch(/Some text/);
    expect(error.name).toBe('TestingLibraryElementError');
    expect(error.message).toMatch(/Unable to find role="button" and name "Cancel"[\s\S]*Some text/);
    await expect(findByRole(document.body, 'heading', {}, { timeout: 60 })).rejects.toThrow(
      /Unable to find role="heading"[\s\S]*Some text/,
    );
  });
});

/** jest.setup-dom.cjs: antd's generated styles outlive their last user within a test file. */
describe("antd's style cache", () => {
  const path = require('node:path');
  const antdDir = path.dirname(
    require.resolve('antd/package.json', { paths: [path.join(__dirname, 'packages/ui')] }),
  );
  const Entity = require(
    require.resolve('@ant-design/cssinjs/lib/Cache', { paths: [antdDir] }),
  ).default;

  it('keeps an entry whose last user unmounted, with no user, for the next to reuse', () => {
    const cache = new Entity('test');
    cache.opUpdate('style|button', () => [1, 'generated CSS']);
    // What useGlobalCache's clean-up answers when the count falls to 0: drop it.
    cache.opUpdate('style|button', () => null);
    expect(cache.opGet('style|button')).toEqual([0, 'generated CSS']);
    // The next mount finds it and counts itself in, without generating it again.
    cache.opUpdate('style|button', (previous) => [previous[0] + 1, previous[1]]);
    expect(cache.opGet('style|button')).toEqual([1, 'generated CSS']);
  });

  it("shares generated styles with the worker's later test files, not tokens", () => {
    // Two caches, as two test files of a worker have.
    const first = new Entity('first file');
    const later = new Entity('later file');
    first.opUpdate('style%css-hash%Button', () => [1, ['.ant-btn{}', 'style-id']]);
    first.opUpdate('style%css-hash%Button', () => null);
    expect(later.opGet('style%css-hash%Button')).toEqual([0, ['.ant-btn{}', 'style-id']]);
    first.opUpdate('token%salt%theme', () => [1, { colorPrimary: '#000' }]);
    expect(later.opGet('token%salt%theme')).toBeNull();
  });

  it('still drops nothing it never held', () => {
    const cache = new Entity('test');
    cache.opUpdate('style|none', () => null);
    expect(cache.opGet('style|none')).toBeNull();
  });
});
