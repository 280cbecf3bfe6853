/** The artist agreement an approved artist accepts before tax and payout details. */
export const ROYALTY_AGREEMENT = {
  version: '2026-01',
  text: [
    'You keep the copyright in every work you upload. You grant us a non-exclusive licence to ' +
      'reproduce each published work as prints on the substrates and sizes we offer, and to ' +
      'show it on the site and in our marketing.',
    'For every print sold we pay you a royalty: your royalty level’s rate times the price the ' +
      'customer paid for the print, before shipping and taxes. Royalties are paid monthly to ' +
      'your default payout account once they reach $25.',
    'Staff may change your royalty level; a change applies to orders placed after it. Either ' +
      'party may end this agreement with 30 days’ notice by email.',
  ].join('\n\n'),
} as const;
