import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@atelier/session';
import { OWNER, STAFF } from '../../../test/collection-fixtures';
import { FiltersPanel } from './FiltersPanel';

const FACETS = {
  colours: { red: 12, blue: 3, pastel: 40 },
  price: { '1': 5, '2': 9 },
  minimum_size: { all: 50, large: 7 },
};

function renderPanel(query: string, facets: Record<string, Record<string, number>> = FACETS) {
  const onChange = jest.fn<void, [URLSearchParams]>();
  render(
    <FiltersPanel
      params={new URLSearchParams(query)}
      facets={facets}
      onChange={onChange}
      refresh={false}
      onRefreshChange={() => {}}
    />,
  );
  const lastUrl = () => onChange.mock.calls.at(-1)?.[0].toString();
  return { onChange, lastUrl };
}

const section = (name: string) => screen.getByRole('group', { name });

beforeEach(() => useAuthStore.setState({ user: null, profile: null, status: 'ready' }));

it('shows every filter with the response facet counts', () => {
  renderPanel('q=sea');
  expect(screen.getByRole('heading', { name: 'Filters' })).toBeInTheDocument();
  expect(within(section('Colour')).getByRole('checkbox', { name: 'Red (12)' })).not.toBeChecked();
  expect(
    within(section('Colour')).getByRole('checkbox', { name: 'Green (0)' }),
  ).toBeInTheDocument();
  expect(within(section('Price')).getByRole('checkbox', { name: '$$ (9)' })).toBeInTheDocument();
  for (const name of ['Type', 'Orientation', 'Printable on', 'Minimum size', 'People', 'Source'])
    expect(section(name)).toBeInTheDocument();
});

it('checking a value writes it to the URL and starts again at the first result', async () => {
  const { lastUrl } = renderPanel('q=sea&offset=200&colours=red');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Blue (3)' }));
  expect(lastUrl()).toBe('q=sea&colours=red&colours=blue');
});

it('a tonal colour clears the named colours (SPEC §5)', async () => {
  const { lastUrl } = renderPanel('colours=red&colours=blue');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Pastel (40)' }));
  expect(lastUrl()).toBe('colours=pastel');
});

it('minimum size is one choice, and All sizes removes it', async () => {
  const { lastUrl } = renderPanel('minimum_size=large');
  expect(screen.getByRole('radio', { name: 'Large (3 MP+) (7)' })).toBeChecked();
  await userEvent.click(screen.getByRole('radio', { name: 'All sizes (50)' }));
  expect(lastUrl()).toBe('');
});

it('the badge counts active filters (not q, sort, limit) and Clear All removes them', async () => {
  const { lastUrl } = renderPanel('q=sea&sort=popular&limit=50&colours=red&price=1&people=true');
  expect(screen.getByLabelText('3 active filters')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
  expect(lastUrl()).toBe('q=sea&sort=popular&limit=50');
});

it('Clear All is disabled with no filter', () => {
  renderPanel('q=sea');
  expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
});

it('offers the favorites filter only to signed-in users', async () => {
  renderPanel('');
  expect(screen.queryByRole('group', { name: 'Favorites' })).not.toBeInTheDocument();
});

it('a signed-in user can show only their favorites', async () => {
  useAuthStore.setState({ user: OWNER });
  const { lastUrl } = renderPanel('q=sea');
  await userEvent.click(screen.getByRole('checkbox', { name: 'My favorites only' }));
  expect(lastUrl()).toBe('q=sea&favorites=true');
  expect(screen.queryByRole('group', { name: 'Catalogue (staff)' })).not.toBeInTheDocument();
});

it('staff choose the API the search uses', async () => {
  useAuthStore.setState({ user: STAFF });
  const { lastUrl } = renderPanel('q=sea');
  const api = section('Catalogue (staff)');
  expect(within(api).getByRole('radio', { name: 'Internal plus external' })).toBeChecked();
  await userEvent.click(within(api).getByRole('radio', { name: 'Internal with indexed external' }));
  expect(lastUrl()).toBe('q=sea&api=internal%2Cexternal');
});
