import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import PaginationBar from './PaginationBar';
import {
  PAGE_NUMBER_MESSAGE,
  pageCount,
  pageKeepingFirstItem,
  parsePageInput,
} from './pagination-rules';

function Harness({
  count,
  initial = { page: 1, pageSize: 20 },
  onChange,
}: {
  count: number;
  initial?: { page: number; pageSize: number };
  onChange: jest.Mock;
}) {
  const [state, setState] = useState(initial);
  return (
    <PaginationBar
      count={count}
      page={state.page}
      pageSize={state.pageSize}
      onChange={(page, pageSize) => {
        onChange(page, pageSize);
        setState({ page, pageSize });
      }}
    />
  );
}

describe('PaginationBar (SPEC §2, §5)', () => {
  it('shows the count and names every control', () => {
    render(<Harness count={95} onChange={jest.fn()} />);
    const bar = screen.getByRole('navigation', { name: 'Pagination' });
    expect(bar).toHaveTextContent('95 results');
    expect(within(bar).getByRole('combobox', { name: 'Page size' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(bar).getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(within(bar).getByRole('textbox', { name: 'Page number' })).toHaveValue('1');
    expect(bar).toHaveTextContent('of 5');
  });

  it('moves with previous and next, and disables next on the last page', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Harness count={45} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([
      [2, 20],
      [3, 20],
    ]);
    expect(screen.getByRole('textbox', { name: 'Page number' })).toHaveValue('3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(2, 20);
  });

  it('goes to a typed page between 1 and the page count', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Harness count={95} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Page number' });
    await user.clear(input);
    await user.type(input, '4{Enter}');
    expect(onChange).toHaveBeenCalledWith(4, 20);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['0', '6', '2.5', 'abc', ''])(
    "refuses page '%s' with the SPEC message and stays",
    async (typed) => {
      const onChange = jest.fn();
      const user = userEvent.setup();
      render(<Harness count={95} onChange={onChange} />);
      const input = screen.getByRole('textbox', { name: 'Page number' });
      await user.clear(input);
      if (typed) await user.type(input, typed);
      await user.keyboard('{Enter}');
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Please enter a page number between 1 and 5.',
      );
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Please enter a page number between 1 and 5.');
      expect(onChange).not.toHaveBeenCalled();
      // Typing again clears the message.
      await user.type(input, '1');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('offers 20, 50 and 100 per page and keeps the first item in view', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Harness count={250} initial={{ page: 4, pageSize: 20 }} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['20 / page', '50 / page', '100 / page']);
    await user.click(within(list).getByRole('option', { name: '50 / page' }));
    // Item 61 was first on page 4 of 20; with 50 a page it is on page 2.
    expect(onChange).toHaveBeenCalledWith(2, 50);
    expect(screen.getByText('of 5')).toBeInTheDocument();
  });

  it('has one page for an empty list', () => {
    render(<Harness count={0} onChange={jest.fn()} />);
    expect(screen.getByRole('navigation')).toHaveTextContent('0 results');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});

describe('pagination rules', () => {
  it('keeps the SPEC wording as a constant', () => {
    expect(PAGE_NUMBER_MESSAGE).toBe('Please enter a page number between 1 and {pages}.');
  });
  it('counts pages, parses the input and keeps the first item when the size changes', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(parsePageInput(' 3 ', 3)).toBe(3);
    expect(parsePageInput('4', 3)).toBeNull();
    expect(parsePageInput('-1', 3)).toBeNull();
    expect(pageKeepingFirstItem(3, 50, 20)).toBe(6);
    expect(pageKeepingFirstItem(1, 100, 20)).toBe(1);
  });
});
