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
