import { chatMessageBody } from './LiveChat';

describe('Live Chat message', () => {
  it("carries the visitor's project name and token", () => {
    expect(
      chatMessageBody('  Can you print this on canvas?  ', {
        token: 'tok123',
        name: 'Harbour hotel',
      }),
    ).toBe('Can you print this on canvas?\n\nProject: Harbour hotel (tok123)');
  });

  it("calls a project whose name is not loaded yet 'Cart'", () => {
    expect(chatMessageBody('Hello', { token: 'tok123', name: null })).toBe(
      'Hello\n\nProject: Cart (tok123)',
    );
  });

  it('is just the message without a cart', () => {
    expect(chatMessageBody('Hello', { token: null, name: null })).toBe('Hello');
  });
});
