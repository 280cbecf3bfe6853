import {
  activeFilterCount,
  toggleColour,
  toggleValue,
  withFilter,
  withoutFilters,
} from './filter-state';

const params = (query: string) => new URLSearchParams(query);

describe('activeFilterCount', () => {
  it('counts every filter value and ignores q, offset, limit, sort and code', () => {
    expect(activeFilterCount(params('q=sea&offset=100&limit=50&sort=popular&code=x'))).toBe(0);
    expect(activeFilterCount(params('q=sea&colours=red&colours=blue&price=2'))).toBe(3);
    expect(activeFilterCount(params('api=internal&favorites=true'))).toBe(2);
  });

  it('does not count an empty value', () => {
    expect(activeFilterCount(params('colours=&people=true'))).toBe(1);
  });
});

describe('toggleColour (SPEC §5 colour exclusivity)', () => {
  it('a tonal option clears every other colour', () => {
    expect(toggleColour(['red', 'blue'], 'pastel', true)).toEqual(['pastel']);
    expect(toggleColour(['neutral'], 'black and white', true)).toEqual(['black and white']);
  });

  it('a named colour clears the tonal options and keeps other named colours', () => {
    expect(toggleColour(['pale'], 'red', true)).toEqual(['red']);
    expect(toggleColour(['red'], 'blue', true)).toEqual(['red', 'blue']);
  });

  it('unchecking removes only that colour', () => {
    expect(toggleColour(['red', 'blue'], 'red', false)).toEqual(['blue']);
  });
});

describe('toggleValue', () => {
  it('adds and removes values of other filters without exclusivity', () => {
    expect(toggleValue('price', ['1'], '3', true)).toEqual(['1', '3']);
    expect(toggleValue('price', ['1', '3'], '1', false)).toEqual(['3']);
    expect(toggleValue('colours', ['red'], 'pastel', true)).toEqual(['pastel']);
  });
});

describe('URL changes', () => {
  it('withFilter replaces the key, keeps other params and starts at the first result', () => {
    const next = withFilter(params('q=sea&colours=red&offset=200&sort=popular'), 'colours', [
      'blue',
      'green',
    ]);
    expect(next.toString()).toBe('q=sea&sort=popular&colours=blue&colours=green');
    expect(withFilter(next, 'colours', []).toString()).toBe('q=sea&sort=popular');
  });

  it('Clear All keeps the query, sort and page size and drops filters and offset', () => {
    const next = withoutFilters(
      params('q=sea&colours=red&limit=50&offset=100&sort=popular&api=internal&group=1'),
    );
    expect(next.toString()).toBe('q=sea&limit=50&sort=popular');
  });
});
