import { registrationNoticeEmail, resetEmail } from '../../modules/auth/service';
import { confirmationEmail } from '../../modules/orders';
import { shippedEmail } from '../../modules/orders/testing';
import { textToHtml } from './index';
import { NAME_MAX, oneLine, userText, withoutLinks } from './user-text';

/** What a mail client would make a link of: a scheme, a www. host, a domain or an address. */
const LINKABLE = /\b(?:https?:\/\/|www\.)|\b[\w-]+\.[a-z]{2,}\b|@[\w-]+\.[a-z]/i;

const HOSTILE_NAME =
  'Ada\r\n\r\nYour account is locked. Unlock it at http://evil.example/unlock\u202e\u0000 or www.evil.example';

describe('user text in emails', () => {
  it('keeps an ordinary name as it is', () => {
    for (const name of ['Ada Lovelace', 'Zoë O’Brien-Smith', '李小龍', 'Studio 8.5', 'Dr Who']) {
      expect(userText(name)).toBe(name);
    }
  });

  it('makes one line: no control character, line break or bidi override, spaces collapsed', () => {
    expect(oneLine(' Ada\r\n\tLovelace\u2028the\u202eFirst\u0007 ', 100)).toBe(
      'Ada Lovelace the First',
    );
    const safe = userText(HOSTILE_NAME, 500);
    for (const char of ['\r', '\n', '\u0000', '\u202e', '\u2028']) expect(safe).not.toContain(char);
  });

  it('caps a long name at NAME_MAX characters with an ellipsis, counting characters not units', () => {
    const long = '😀'.repeat(100);
    const capped = userText(long);
    expect(Array.from(capped)).toHaveLength(NAME_MAX);
    expect(capped.endsWith('…')).toBe(true);
    expect(userText('a'.repeat(NAME_MAX))).toBe('a'.repeat(NAME_MAX));
  });

  it.each([
    'http://evil.example/reset',
    'https://evil.example',
    'www.evil.example',
    'evil.example',
    'Visit EVIL.COM now',
    'someone@evil.example',
    'sub.domain.evil.co.uk/path',
  ])('leaves nothing a mail client would link in %j', (name) => {
    expect(LINKABLE.test(name)).toBe(true);
    const safe = userText(name);
    expect(safe).not.toMatch(LINKABLE);
    // Still readable as what was typed.
    expect(safe.replace(/\u2024/g, '.').replace(/\u2236/g, ':')).toBe(name);
    // Nor does our own HTML alternative make a link of it.
    expect(textToHtml(safe)).not.toContain('<a ');
  });

  it('leaves decimal numbers alone', () => {
    expect(withoutLinks('Print 8.5 x 11, 3.14 m')).toBe('Print 8.5 x 11, 3.14 m');
  });

  it('escapes markup in the HTML part', () => {
    const html = textToHtml(`Hello ${userText('<img src=x onerror=alert(1)> & "Bob"')},`);
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;Bob&#34;');
  });

  it('puts a hostile name into the reset email as one bounded, link-free greeting', () => {
    const link = 'https://shop.example/accounts/reset-password-confirm/u/t';
    const { text } = resetEmail({ name: HOSTILE_NAME, link, lifetimeSeconds: 3600 });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^Hello [^\n]+,$/);
    expect(Array.from(lines[0] ?? '').length).toBeLessThanOrEqual('Hello ,'.length + NAME_MAX);
    expect(lines[1]).toBe('');
    // The only link in the email is ours.
    expect(text.match(/https?:\/\/\S+/g)).toEqual([link]);
    expect(text).not.toMatch(/www\.|evil\.example/);
    expect(resetEmail({ name: ' \n ', link, lifetimeSeconds: 3600 }).text).toMatch(/^Hello,\n/);
  });

  it('does the same in the registration notice', () => {
    const { text } = registrationNoticeEmail({
      name: HOSTILE_NAME,
      origin: 'https://shop.example',
    });
    expect(text.split('\n')[1]).toBe('');
    expect(text.match(/https?:\/\/\S+/g)).toEqual([
      'https://shop.example/accounts/login',
      'https://shop.example/accounts/reset-password',
    ]);
    expect(registrationNoticeEmail({ name: 'Ada', origin: null }).text).not.toMatch(/https?:/);
  });

  describe('order emails', () => {
    const order = {
      order_id: 1042,
      status: 'placed',
      email: 'ada@example.com',
      payment_method: 'purchase_order',
      po_number: 'PO-1\nCall us at www.evil.example',
      quantity: 1,
      subtotal: 100,
      volume_discount: 0,
      volume_discount_rate: 0,
      shipping: 10,
      grand_total: 110,
      // Shipped by a carrier outside the tracked ones: no tracking page of ours to link.
      shipment: {
        carrier: 'other',
        carrier_label: 'Other carrier',
        tracking_number: 'AB123456',
        tracking_url: null,
      },
      cancel_reason: null,
      shipping_address: {
        name: 'Ada\nhttp://evil.example',
        company: null,
        line1: '1 Main St.\r\nPay at evil.example',
        line2: '',
        city: 'Springfield',
        region: 'IL',
        postal_code: '62701',
        country: 'US',
        phone: null,
      },
      lines: [
        {
          quantity: 1,
          name: 'Sunset\nhttps://evil.example/pay',
          artist: 'www.evil.example',
          size_label: '8.5 × 11 in',
          substrate: 'Paper',
          line_total: 100,
        },
      ],
    } as unknown as Parameters<typeof confirmationEmail>[0];
    const link = 'https://shop.example/orders/abc';

    it('carries no user-given link or line break, and only our link', () => {
      const { text } = confirmationEmail(order, link);
      expect(text.match(/https?:\/\/\S+/g)).toEqual([link]);
      expect(text).not.toMatch(/www\.|evil\.example/);
      expect(text).toContain('8.5 × 11 in');
      expect(text).toMatch(/^- 1 × Sunset https\u2236\/\/evil\u2024example\/pay by /m);
      const shipped = shippedEmail(order, link, 'Tracking: https://carrier.example/t/1\n\n\u0000');
      // Staff's note keeps its link; the customer's fields do not.
      expect(shipped.text.match(/https?:\/\/\S+/g)).toEqual(['https://carrier.example/t/1', link]);
      expect(shipped.text).not.toContain('\u0000');
      expect(shipped.text).toContain('Tracking number: AB123456');
    });

    it('leaves the link out when the site address is unknown', () => {
      expect(confirmationEmail(order, null).text).not.toMatch(/See your order|https?:/);
      expect(shippedEmail(order, null, '').text).not.toMatch(/See your order|https?:/);
    });
  });
});
