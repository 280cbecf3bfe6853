import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  area,
  BRAND_SUFFIX,
  expectRenderedContent,
  HOME_HEADLINE,
  LOGIN_REQUIRED,
  mainArea,
  navigateInApp,
  recordRequests,
  signInClientSide,
  STAFF_REQUIRED,
  type RemoteName,
} from '../support/app';
import { DEMO, signIn } from '../support/accounts';
import { sampleCatalogue, type SampleCatalogue } from '../support/catalogue';
import { REMOTE_NAMES } from '../support/server';

// Each test is a page load of its own (no state between them): the file's tests are shared
// out between the workers instead of one worker taking the whole file (a third of the run).
test.describe.configure({ mode: 'parallel' });

/**
 * SPEC §2: every route reaches the front end that owns it and shows a page a person can
 * read (never a blank area), with the brand in the title. Sample ids are real ones from the
 * seeded catalogue where the server has the data.
 */

type Owner = RemoteName | 'shell';
type FromCatalogue<T> = T | ((c: SampleCatalogue) => T);

interface RouteCase {
  path: FromCatalogue<string>;
  /** How the test names the route when `path` depends on the catalogue. */
  label?: string;
  owner: Owner;
  /** Where the page ends up (a redirect). */
  finalPath?: string;
  /** The h1 the area shows; null: the page has no h1 (text is still required). */
  heading?: FromCatalogue<string | RegExp> | null;
  /** The exact title; otherwise any title ending with ' | Atelier'. */
  title?: FromCatalogue<string | RegExp>;
  check?: (page: Page, c: SampleCatalogue) => Promise<void>;
  /** Remotes whose fragments the page embeds (mf-cart's Quick Add on the image page). */
  fragmentsFrom?: RemoteName[];
}

const resolve = <T>(value: FromCatalogue<T>, c: SampleCatalogue): T =>
  typeof value === 'function' ? (value as (c: SampleCatalogue) => T)(c) : value;

const expectResultLink = async (page: Page, c: SampleCatalogue) => {
  const grid = area(page, 'storefront').getByRole('list', { name: 'Images' });
  await expect(grid.locator(`a[href="/images/${c.image.id}"]`)).toBeVisible();
};

const GUEST_ROUTES: RouteCase[] = [
  // Home (standard variant).
  {
    path: '/',
    owner: 'storefront',
    heading: HOME_HEADLINE,
    title: 'Fine Art & Photography Prints | Atelier',
  },
  // Accounts: the shell's own pages.
  {
    path: '/accounts',
    owner: 'shell',
    finalPath: '/accounts/login',
    heading: 'Sign In',
    title: 'Sign In | Atelier',
  },
  {
    path: '/accounts/login?redirect=%2Fcart&email=ada%40example.com',
    owner: 'shell',
    heading: 'Sign In',
    title: 'Sign In | Atelier',
    check: async (page) => {
      await expect(mainArea(page).getByLabel('Email')).toHaveValue('ada@example.com');
    },
  },
  {
    path: '/accounts/register?redirect=%2Fcart',
    owner: 'shell',
    heading: 'Sign Up',
    title: 'Sign Up | Atelier',
  },
  {
    path: '/accounts/reset-password',
    owner: 'shell',
    heading: 'Forgot your password?',
    title: 'Forgot Password | Atelier',
    check: async (page) => {
      await expect(mainArea(page).getByRole('button', { name: 'Request Reset' })).toBeVisible();
    },
  },
  {
    path: '/accounts/reset-password/ada%40example.com?redirect=%2F',
    owner: 'shell',
    heading: 'Forgot your password?',
    title: 'Forgot Password | Atelier',
    check: async (page) => {
      await expect(mainArea(page).getByLabel('Email')).toHaveValue('ada@example.com');
    },
  },
  {
    path: '/accounts/reset-password-confirm',
    owner: 'shell',
    heading: 'Set Password',
    title: 'Set Password | Atelier',
  },
  {
    path: '/accounts/reset-password-confirm/MQ/5yd-8f2a1c9e?redirect=%2F',
    owner: 'shell',
    heading: 'Set Password',
    title: 'Set Password | Atelier',
    check: async (page) => {
      await expect(mainArea(page).getByLabel('New Password')).toBeVisible();
    },
  },
  // Signing out ('Signing out...') ends the server session, then goes on; see sign-out.spec.ts.
  {
    path: '/accounts/logout',
    owner: 'shell',
    finalPath: '/accounts/login',
    heading: 'Sign In',
    title: 'Sign In | Atelier',
  },
  {
    path: '/accounts/logout?redirect=%2Fsearch',
    owner: 'storefront',
    finalPath: '/search',
    heading: 'All art',
  },
  // The artist portal.
  {
    path: '/artists',
    owner: 'artist',
    finalPath: '/artist',
    heading: 'Artist Portal',
    title: 'Artist Portal | Atelier',
  },
  { path: '/artist', owner: 'artist', heading: 'Artist Portal', title: 'Artist Portal | Atelier' },
  {
    path: '/artist/apply',
    owner: 'artist',
    heading: 'Apply to the Artist Portal',
    title: 'Apply | Atelier',
  },
  // The application's sign-in step is open to guests (SPEC: only info, sample, applied need login).
  {
    path: '/artist/apply/login',
    owner: 'artist',
    heading: 'Apply: Sign In',
    title: 'Apply: Sign In | Atelier',
    check: async (page) => {
      await expect(area(page, 'artist').getByRole('link', { name: 'Sign In' })).toHaveAttribute(
        'href',
        '/accounts/login?redirect=%2Fartist%2Fapply%2Finfo',
      );
    },
  },
  { path: '/artist/apply/info', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/apply/sample', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/apply/applied', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/message', owner: 'artist', heading: 'Artist Message' },
  { path: '/artist/new', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/new/royalty', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/new/tax', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/new/payment', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/art', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/art/all', owner: 'artist', heading: LOGIN_REQUIRED },
  {
    path: (c) => `/artist/art/${c.image.id}`,
    label: '/artist/art/:id',
    owner: 'artist',
    heading: LOGIN_REQUIRED,
  },
  { path: '/artist/profile', owner: 'artist', heading: 'Artist Profile' },
  { path: '/artist/profile/edit', owner: 'artist', heading: 'Edit Artist Profile' },
  { path: '/artist/upload', owner: 'artist', heading: 'Upload', title: 'Upload | Atelier' },
  {
    path: '/artist/upload/advanced',
    owner: 'artist',
    heading: 'Upload',
    title: 'Upload | Atelier',
  },
  { path: '/artist/account', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/account/royalty', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/account/tax', owner: 'artist', heading: LOGIN_REQUIRED },
  { path: '/artist/account/payment', owner: 'artist', heading: LOGIN_REQUIRED },
  // Projects, orders, cart and checkout.
  { path: '/projects', owner: 'cart', title: 'Projects | Atelier' },
  { path: '/projects/1042', owner: 'cart' },
  { path: '/projects/1042/checkout', owner: 'cart' },
  { path: '/orders', owner: 'cart', title: 'Orders | Atelier' },
  // An order is opened by its emailed link; a made-up one is not found.
  { path: '/orders/5001', owner: 'cart', heading: 'Order not found' },
  {
    path: '/cart',
    owner: 'cart',
    heading: 'Cart',
    title: 'Cart | Atelier',
    check: async (page) => {
      const cart = area(page, 'cart');
      await expect(cart.getByText('Your project is empty')).toBeVisible();
      await expect(cart.getByRole('link', { name: 'Browse top selling art' })).toBeVisible();
    },
  },
  { path: '/checkout', owner: 'cart', heading: 'Checkout', title: 'Checkout | Atelier' },
  { path: '/checkout/confirmation', owner: 'cart', heading: 'There is no recent order to show.' },
  { path: '/checkout/confirmation/5001', owner: 'cart', heading: 'Order not found' },
  // Search: q, sort, offset, limit, api, group, filters, debug, source; hash = selected image.
  {
    path: '/search',
    owner: 'storefront',
    heading: 'All art',
    title: 'Search | Atelier',
    check: async (page) => {
      // The count sits in the Pagination bar (top and bottom). Asked now, not from the cached
      // sample: other specs publish pictures into the same catalogue.
      const published = (await (await page.request.get('/api/images/?limit=1')).json()) as {
        count: number;
      };
      await expect(
        area(page, 'storefront').getByRole('navigation', { name: 'Pagination', exact: true }),
      ).toContainText(`${published.count} results`);
    },
  },
  {
    path: (c) => `/search?q=${encodeURIComponent(`"${c.image.artist}"`)}`,
    label: '/search?q="<artist name>"',
    owner: 'storefront',
    heading: (c) => `Art matching “"${c.image.artist}"”`,
    title: 'Search | Atelier',
    check: expectResultLink,
  },
  {
    path: (c) =>
      `/search?q=${c.image.local_id}&sort=newest&offset=0&limit=50&group=created&debug=1&source=all`,
    label: '/search?q=<local id>&sort&offset&limit&group&debug&source',
    owner: 'storefront',
    heading: (c) => `Art matching “${c.image.local_id}”`,
    title: 'Search | Atelier',
    check: expectResultLink,
  },
  {
    path: (c) =>
      `/search?q=${encodeURIComponent(c.image.title.split(' ').pop() ?? '')}&api=1&filters=orientation%3Aportrait#${c.image.id}`,
    label: '/search?q=<keyword>&api&filters#<image id>',
    owner: 'storefront',
    // The hash opens that image's quick view, with mf-cart's Quick Add, when it is a result.
    fragmentsFrom: ['cart'],
    heading: /^Art matching “.+”$/,
    title: 'Search | Atelier',
  },
  {
    path: (c) => `/images/${c.image.id}`,
    label: '/images/:id',
    owner: 'storefront',
    fragmentsFrom: ['cart'],
    heading: (c) => c.image.title,
    title: (c) => `${c.image.title}${BRAND_SUFFIX}`,
    check: async (page, c) => {
      const picture = area(page, 'storefront').getByRole('img', { name: c.image.title });
      await expect(picture).toBeVisible();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    },
  },
  {
    path: '/collections',
    owner: 'storefront',
    heading: 'Collections',
    title: 'Collections | Atelier',
  },
  {
    path: '/collections/new',
    owner: 'storefront',
    heading: LOGIN_REQUIRED,
    title: 'New Collection | Atelier',
  },
  // Titled by the collection when another spec has made one, else 'Collection' (not found).
  { path: '/collections/1', owner: 'storefront', heading: null },
  {
    path: '/collections/1/edit',
    owner: 'storefront',
    heading: LOGIN_REQUIRED,
    title: 'Edit Collection | Atelier',
  },
  // Any other path.
  { path: '/no/such/page', owner: 'shell', heading: '404 Not Found', title: 'Not Found | Atelier' },
  {
    path: '/prints-and-posters?q=boats',
    owner: 'shell',
    heading: '404 Not Found',
    title: 'Not Found | Atelier',
  },
];

async function expectRoute(page: Page, route: RouteCase, c: SampleCatalogue, requests: string[]) {
  if (route.finalPath) await expect(page).toHaveURL((url) => url.pathname === route.finalPath);
  if (route.owner === 'shell') {
    await expect(mainArea(page).locator('[data-remote]')).toHaveCount(0);
  } else {
    await expect(area(page, route.owner)).toHaveCount(1);
  }
  const region = route.owner === 'shell' ? mainArea(page) : area(page, route.owner);
  await expectRenderedContent(
    region,
    route.heading === null ? null : resolve(route.heading ?? /\S/, c),
  );
  await expect(mainArea(page).locator('[data-remote-error]')).toHaveCount(0);
  await expect(page).toHaveTitle(route.title ? resolve(route.title, c) : /. \| Atelier$/);
  await route.check?.(page, c);
  // Only the owner's code is fetched; mf-manage never for a guest.
  const otherRemotes = REMOTE_NAMES.filter(
    (name) => name !== route.owner && !route.fragmentsFrom?.includes(name),
  );
  for (const other of otherRemotes) {
    expect(
      requests.filter((url) => url.includes(`/remotes/${other}/`)),
      `files of mf-${other}`,
    ).toEqual([]);
  }
}

test.describe('every SPEC §2 route, as a guest', () => {
  for (const route of GUEST_ROUTES) {
    const label = route.label ?? (route.path as string);
    test(`${label} → ${route.owner === 'shell' ? "the shell's page" : `mf-${route.owner}`}`, async ({
      page,
    }) => {
      const c = await sampleCatalogue();
      const requests = recordRequests(page);
      await page.goto(resolve(route.path, c));
      await expectRoute(page, route, c, requests);
    });
  }
});

/** SPEC §2 staff-only routes (title 'Manage'). */
const ENTITY_TYPES_WITH_SCREENS = [
  'art-usage',
  'artist-profile',
  'artist-identity',
  'artist',
  'collections',
  'publisher',
  'upload',
  'widget',
];
const PAYMENT_ACCOUNT_TYPES = ['bank-accounts', 'paypal-accounts', 'venmo-accounts'];

const STAFF_ROUTE_GROUPS: Record<string, (c: SampleCatalogue) => string[]> = {
  'the index menu and the fixed screens': (c) => [
    '/manage',
    '/manage/royalty-levels',
    '/manage/image',
    '/manage/image?column-display=compact',
    `/manage/image/${c.image.id}`,
    `/manage/image/${c.image.id}/edit`,
    '/manage/upload/new',
    '/manage/tax-reporting',
    '/manage/tax-reporting/2024',
  ],
  'the typed lists': () => [
    '/manage/art-usage',
    '/manage/artist-profile',
    '/manage/artist-profile/email',
    '/manage/artist',
    '/manage/collections',
    '/manage/upload',
    '/manage/artist-identity',
    '/manage/artist-payment',
    '/manage/payment-due',
    '/manage/some-other-type',
  ],
  'new, detail and edit screens': (c) =>
    ENTITY_TYPES_WITH_SCREENS.flatMap((type) => {
      const id = type === 'artist' ? String(c.artist.id) : '17';
      return [`/manage/${type}/new`, `/manage/${type}/${id}`, `/manage/${type}/${id}/edit`];
    }),
  'payment status transitions and payment accounts': () => [
    '/manage/artist-payment/7/status-transitions',
    '/manage/artist-payment/7/status-transitions/sts-4f1c',
    ...PAYMENT_ACCOUNT_TYPES.flatMap((type) => {
      const base = `/manage/artist-identity/tok-9a7b/${type}`;
      return [
        base,
        `${base}/new`,
        `${base}/3`,
        `${base}/3/edit`,
        `${base}/3/status-transitions`,
        `${base}/3/status-transitions/sts-4f1c`,
      ];
    }),
  ],
};

/** A list's plural title (mf-manage's pluralTitle, written out for the types here). */
const PLURAL_TITLES: Record<string, string> = {
  'payment-due': 'Payments Due',
  'artist-identity': 'Artist Identities',
  'tax-reporting': 'Tax Reporting',
  'royalty-levels': 'Royalty Levels',
  collections: 'Collections',
  image: 'Images',
};

const pluralTitleOf = (type: string): string =>
  PLURAL_TITLES[type] ??
  `${type
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')}s`;

/**
 * The screen is about the type its path names: a list is headed by its plural title
 * ('/manage/artist-profile' → 'Artist Profiles'); a deeper screen names the entity or form
 * in its heading and names that list in its breadcrumb.
 */
async function expectScreenOf(column: Locator, path: string): Promise<void> {
  const segments = new URL(path, 'http://x').pathname.split('/').filter(Boolean);
  const type = segments[1];
  if (!type) {
    await expectRenderedContent(column, /^Manage$/);
    return;
  }
  const plural = pluralTitleOf(type);
  if (segments.length === 2) {
    await expectRenderedContent(column, plural);
    return;
  }
  await expectRenderedContent(column);
  // The breadcrumb's link back to the list (or, on a list with a sub-path, its heading).
  await expect(column.getByText(plural, { exact: true }).first()).toBeVisible();
}

test.describe('every SPEC §2 staff-only route', () => {
  for (const [group, routesOf] of Object.entries(STAFF_ROUTE_GROUPS)) {
    test(`as a guest: ${group} say '${STAFF_REQUIRED}' and fetch nothing of mf-manage`, async ({
      page,
    }) => {
      const c = await sampleCatalogue();
      const requests = recordRequests(page);
      for (const path of routesOf(c)) {
        await test.step(path, async () => {
          await page.goto(path);
          const gate = mainArea(page).locator('[data-remote="manage-gate"]');
          await expectRenderedContent(gate, STAFF_REQUIRED);
          // A guest may be staff who has not signed in yet: the form is right there.
          await expect(gate.getByLabel('Email')).toBeVisible();
          await expect(gate.getByRole('button', { name: 'Sign In' })).toBeVisible();
          await expect(page).toHaveTitle('Manage | Atelier');
        });
      }
      expect(requests.filter((url) => url.includes('/remotes/manage/'))).toEqual([]);
    });

    test(`as staff (client-side sign-in): ${group} render in mf-manage`, async ({ page }) => {
      test.setTimeout(120_000);
      const c = await sampleCatalogue();
      await page.goto('/manage');
      await expect(page.getByRole('heading', { name: STAFF_REQUIRED })).toBeVisible();
      await signInClientSide(page);
      const manage = area(page, 'manage');
      await expectRenderedContent(manage, 'Manage');
      for (const path of routesOf(c)) {
        await test.step(path, async () => {
          await navigateInApp(page, path);
          await expect(page.locator('[data-remote="manage-gate"]')).toHaveCount(0);
          await expect(manage.getByRole('navigation', { name: 'Manage' })).toBeVisible();
          const column = manage.locator('nav[aria-label="Manage"] + div');
          await expectScreenOf(column, path);
          await expect(page).toHaveTitle('Manage | Atelier');
        });
      }
    });
  }

  test('as staff: the index menu lists the API root types (not sample-image/artist-payment) and the fixed screens', async ({
    page,
  }) => {
    // Signed in for real: /manage/image lists every image through a staff-only API.
    await signIn(page, DEMO.staff, '/manage');
    const manage = area(page, 'manage');
    const column = manage.locator('nav[aria-label="Manage"] + div');
    await expectRenderedContent(column, 'Manage');
    for (const entry of [
      'Artists',
      'Payments Due',
      'Artist Payments',
      'Images',
      'Royalty Levels',
    ]) {
      await expect(column.getByRole('link', { name: entry, exact: true }).first()).toBeVisible();
    }
    await expect(column.getByRole('link', { name: 'Sample Image' })).toHaveCount(0);
    // The fixed screens come after the types of the API root, then the support inbox.
    const labels = await column.getByRole('link').allInnerTexts();
    expect(labels.slice(-6)).toEqual([
      'Payments Due',
      'Artist Payments',
      'Images',
      'Royalty Levels',
      'Tax Reporting',
      'Support',
    ]);
    await column.getByRole('link', { name: 'Images', exact: true }).last().click();
    await expect(page).toHaveURL(/\/manage\/image$/);
    const c = await sampleCatalogue();
    // Every image, published or not: at least the storefront's published ones.
    const total = await column.getByText(/^\d+ total$/).innerText();
    expect(Number.parseInt(total, 10)).toBeGreaterThanOrEqual(c.imageCount);
    await expect(column.getByRole('link', { name: c.image.title }).first()).toBeVisible();
  });

  test('as staff: the index menu names every screen once', async ({ page }) => {
    await page.goto('/manage');
    await signInClientSide(page);
    const column = area(page, 'manage').locator('nav[aria-label="Manage"] + div');
    await expectRenderedContent(column, 'Manage');
    const labels = await column.getByRole('link').allInnerTexts();
    expect(labels.length).toBeGreaterThan(4);
    expect(new Set(labels).size, labels.join(', ')).toBe(labels.length);
  });
});
