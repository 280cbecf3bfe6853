import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { QueryClient } from '@tanstack/react-query';
import {
  SITE_TITLES,
  type ImageCardPage,
  type SearchResponse,
  type SiteInfo,
} from '@atelier/contracts';
import { bindQueryClient } from '@atelier/session';
import { createQueryClient } from '@atelier/ui';
import { homeLoader } from './route-prefetch';

const standard: SiteInfo = { kind: 'standard', title: SITE_TITLES.standard };
const government: SiteInfo = { kind: 'government', title: SITE_TITLES.government };

/** The paths the loader asked for, in order. */
let asked: string[] = [];
const record = (request: Request) => asked.push(new URL(request.url).pathname);

const server = setupServer(
  http.get('http://localhost/api/images/', ({ request }) => {
    record(request);
    return HttpResponse.json<ImageCardPage>({ count: 0, next: null, previous: null, results: [] });
  }),
  http.get('http://localhost/content/search/v3/', ({ request }) => {
    record(request);
    return HttpResponse.json<SearchResponse>({
      images: [],
      total: 0,
      total_available: 0,
      total_for_pagination: 0,
      total_is_partial: false,
      facets: {},
      errors: [],
      related_keywords: [],
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let client: QueryClient;
beforeEach(() => {
  asked = [];
  client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  bindQueryClient(client);
});
afterEach(() => bindQueryClient(null));

const answerSite = (site: SiteInfo | null) =>
  server.use(
    http.get('http://localhost/api/site/', ({ request }) => {
      record(request);
      return site
        ? HttpResponse.json<SiteInfo>(site)
        : HttpResponse.json({ detail: 'Down.' }, { status: 503 });
    }),
  );

/** Lets the promise callbacks queued behind the site answer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const STRIPS = ['/api/images/', '/content/search/v3/'];

describe('home route loader', () => {
  it('fetches the standard home strips once the site says it is the standard home', async () => {
    answerSite(standard);
    expect(homeLoader()).toBeNull();
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(STRIPS)));
    expect(asked[0]).toBe('/api/site/');
    expect(client.getQueryData(['site'])).toEqual(standard);
  });

  it('never asks for the standard strips on the government host', async () => {
    answerSite(government);
    homeLoader();
    await waitFor(() => expect(client.getQueryData(['site'])).toEqual(government));
    await settle();
    expect(client.getQueryCache().findAll({ queryKey: ['images'] })).toEqual([]);
    expect(asked).toEqual(['/api/site/']);
  });

  it('fetches the strips when the site call fails, as the page then shows the standard home', async () => {
    answerSite(null);
    homeLoader();
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(STRIPS)));
  });

  it('uses a variant already in the cache without asking again', async () => {
    answerSite(government);
    client.setQueryData(['site'], government);
    homeLoader();
    await settle();
    expect(asked).toEqual([]);
    expect(client.getQueryCache().findAll({ queryKey: ['images'] })).toEqual([]);
  });
});
