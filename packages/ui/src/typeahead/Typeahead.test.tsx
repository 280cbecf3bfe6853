import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Typeahead from './Typeahead';
import {
  TYPEAHEAD_DEBOUNCE_MS,
  TYPEAHEAD_MORE_MARKER,
  type TypeaheadPage,
} from './typeahead-rules';

interface Project {
  id: number;
  name: string;
}

const projects: Project[] = [
  { id: 7, name: 'Seaside lobby' },
  { id: 9, name: 'Sea cabins' },
];

function renderTypeahead(page: TypeaheadPage<Project> = { count: 2, results: projects }) {
  const search = jest.fn(async (_term: string, _signal: AbortSignal) => page);
  const onChoose = jest.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Typeahead<Project>
        label="Find a project"
        placeholder="Project"
        queryKey={['projects', 'typeahead']}
        search={search}
        getKey={(project) => project.id}
        getLabel={(project) => project.name}
        onChoose={onChoose}
      />
    </QueryClientProvider>,
  );
  return { search, onChoose, user: userEvent.setup() };
}

describe('Typeahead (SPEC §2, §5, §9)', () => {
  it('waits 300 ms after typing stops, then lists the matches', async () => {
    expect(TYPEAHEAD_DEBOUNCE_MS).toBe(300);
    jest.useFakeTimers();
    try {
      const { search } = renderTypeahead();
      const box = screen.getByRole('combobox', { name: 'Find a project' });
      for (const key of ['s', 'e', 'a']) {
        fireEvent.change(box, { target: { value: `${(box as HTMLInputElement).value}${key}` } });
        await act(() => jest.advanceTimersByTimeAsync(200));
      }
      expect(search).not.toHaveBeenCalled();
      await act(() => jest.advanceTimersByTimeAsync(99));
      expect(search).not.toHaveBeenCalled();
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(search).toHaveBeenCalledTimes(1);
      expect(search.mock.calls[0]?.[0]).toBe('sea');
      await act(() => jest.advanceTimersByTimeAsync(50));
      const list = screen.getByRole('listbox');
      expect(within(list).getByRole('option', { name: 'Seaside lobby' })).toBeInTheDocument();
      expect(within(list).getByRole('option', { name: 'Sea cabins' })).toBeInTheDocument();
      expect(within(list).queryByRole('option', { name: TYPEAHEAD_MORE_MARKER })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('chooses a match with the keyboard', async () => {
    const { onChoose, user } = renderTypeahead();
    await user.type(screen.getByRole('combobox', { name: 'Find a project' }), 'sea');
    await screen.findByRole('option', { name: 'Seaside lobby' });
    // rc-select reads the legacy `which`, which user-event does not set in jsdom.
    const box = screen.getByRole('combobox', { name: 'Find a project' });
    fireEvent.keyDown(box, { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, which: 13 });
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose.mock.calls[0]?.[0]).toEqual(projects[1]);
  });

  it("shows the '…' marker when there are more matches than listed, and ignores it", async () => {
    const { onChoose, user } = renderTypeahead({ count: 45, results: projects });
    const box = screen.getByRole('combobox', { name: 'Find a project' });
    await user.type(box, 'sea');
    const marker = await screen.findByRole('option', { name: '…' });
    expect(marker).toHaveAttribute('title', '43 more; keep typing to narrow the list');
    expect(marker).toHaveAttribute('aria-disabled', 'true');
    await user.click(marker);
    expect(onChoose).not.toHaveBeenCalled();
    // The arrows skip it: down from the last match comes round to the first.
    fireEvent.keyDown(box, { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(box, { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, which: 13 });
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose).toHaveBeenCalledWith(projects[0]);
  });

  it('says when nothing matches', async () => {
    const { user } = renderTypeahead({ count: 0, results: [] });
    await user.type(screen.getByRole('combobox', { name: 'Find a project' }), 'zzz');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
  });
});
