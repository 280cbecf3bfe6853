import { pageViewKey, pushEvent, trackPageView } from './analytics';

describe('analytics', () => {
  beforeEach(() => {
    delete window.dataLayer;
  });

  it('creates the data layer and pushes events in order', () => {
    pushEvent({ event: 'cart_created' });
    trackPageView('/search', 'sea', 'Search | Atelier');
    expect(window.dataLayer).toEqual([
      { event: 'cart_created' },
      {
        event: 'page_view',
        page_path: '/search',
        search_term: 'sea',
        page_title: 'Search | Atelier',
      },
    ]);
  });

  it('keys a page view on the path and q only', () => {
    expect(pageViewKey('/search', '?q=sea&offset=100')).toBe(
      pageViewKey('/search', '?offset=0&q=sea'),
    );
    expect(pageViewKey('/search', '?q=sea')).not.toBe(pageViewKey('/search', '?q=lake'));
    expect(pageViewKey('/cart', '')).toBe('/cart');
  });
});
