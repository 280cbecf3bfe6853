/**
 * The demo accounts created with the demo catalogue on a server's first start (never on a
 * database that already had a catalogue). Demo only: their passwords are public, so they live
 * here and in e2e/support, never in a package a front end bundles.
 */
export const DEMO_ACCOUNTS = {
  customer: {
    email: 'customer@example.com',
    password: 'demo-customer-pass',
    name: 'Casey Customer',
  },
  artist: { email: 'artist@example.com', password: 'demo-artist-pass', name: 'Aria Artist' },
  staff: { email: 'staff@example.com', password: 'demo-staff-pass', name: 'Sam Staff' },
} as const;
export type DemoAccountRole = keyof typeof DEMO_ACCOUNTS;
