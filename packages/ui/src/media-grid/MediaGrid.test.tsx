import { useState } from 'react';
import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { justifyRows } from './justify';
import { MediaGrid } from './MediaGrid';

describe('MediaGrid', () => {
  it('draws each image as a link to its page, with its picture and badge', () => {
    const items = [
      {
        id: 1,
        title: 'Sea',
        artist: 'Ana',
        thumb: '/media/thumbs/1.jpg',
        href: '/images/1',
        width: 300,
        height: 200,
      },
      {
        id: 2,
        title: 'Hill',
        artist: 'Bo',
        thumb: '/media/thumbs/2.jpg',
        href: '/images/2',
        width: 200,
        height: 300,
      },
    ];
    render(
      <MemoryRouter>
        <MediaGrid items={items} renderBadge={(item) => <span>badge {item.id}</span>} />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('listitem');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/images/1', '/images/2']);
    expect(screen.getByRole('listitem', { name: 'Sea by Ana' })).toContainElement(
      screen.getByText('badge 1'),
    );
    expect(screen.getByRole('img', { name: 'Hill' })).toHaveAttribute('src', '/media/thumbs/2.jpg');
  });
});

const item = (id: number, width = 300, height = 200) => ({
  id,
  title: `Image ${id}`,
  artist: 'Ana',
  thumb: `/media/thumbs/${id}.jpg`,
  href: `/images/${id}`,
  width,
  height,
});

/** A grid whose selection lives in state, as a page keeps it in the URL hash. */
function SelectableGrid({ count = 10, width = 1000 }: { count?: number; width?: number }) {
  const [selected, setSelected] = useState<number | null>(null);
  const items = Array.from({ length: count }, (_, i) => item(i + 1));
  return (
    <MemoryRouter>
      <input aria-label="Search" />
      <MediaGrid
        items={items}
        initialWidth={width}
        selectedId={selected}
        onSelect={setSelected}
        renderQuickView={(it) => <p>Details of {it.title}</p>}
      />
    </MemoryRouter>
  );
}

describe('MediaGrid quick view', () => {
  it('a click opens the panel below the clicked row, between the rows', async () => {
    render(<SelectableGrid />);
    // 1000 px wide, 300 × 200 tiles at a 200 px base: a row fills at the fourth tile.
    await userEvent.click(screen.getByRole('listitem', { name: 'Image 2 by Ana' }));
    const panel = screen.getByRole('region', { name: 'Quick view: Image 2' });
    expect(panel).toHaveTextContent('Details of Image 2');
    // The panel is in the grid's list, after the row's fourth tile and before the fifth.
    const list = screen.getByRole('list', { name: 'Images' });
    expect(list).toContainElement(panel);
    const fourth = screen.getByRole('listitem', { name: 'Image 4 by Ana' });
    const fifth = screen.getByRole('listitem', { name: 'Image 5 by Ana' });
    expect(fourth.compareDocumentPosition(panel)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(panel.compareDocumentPosition(fifth)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(panel).toHaveFocus();
  });

  it('previous, next and close buttons move and close the panel', async () => {
    render(<SelectableGrid />);
    await userEvent.click(screen.getByRole('listitem', { name: 'Image 1 by Ana' }));
    expect(screen.getByRole('button', { name: 'Previous image' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('region', { name: 'Quick view: Image 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close quick view' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Image 2 by Ana' })).toHaveFocus();
  });

  it('←/→ move the selection and Esc closes it, but not while typing in a field', async () => {
    render(<SelectableGrid />);
    await userEvent.click(screen.getByRole('listitem', { name: 'Image 4 by Ana' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('region', { name: 'Quick view: Image 5' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('region', { name: 'Quick view: Image 3' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'Search' }));
    await userEvent.keyboard('{ArrowRight}{Escape}');
    expect(screen.getByRole('region', { name: 'Quick view: Image 3' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('region', { name: 'Quick view: Image 3' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('a modifier-click follows the link instead of opening the panel', async () => {
    render(<SelectableGrid />);
    const tile = screen.getByRole('listitem', { name: 'Image 1 by Ana' });
    const click = createEvent.click(tile, { ctrlKey: true, button: 0 });
    fireEvent(tile, click);
    expect(click.defaultPrevented).toBe(false);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('clicking the open tile again closes its panel', async () => {
    render(<SelectableGrid />);
    const tile = screen.getByRole('listitem', { name: 'Image 1 by Ana' });
    await userEvent.click(tile);
    await userEvent.click(screen.getByRole('listitem', { name: 'Image 1 by Ana' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('fades unpublished tiles with a badge only when status display is on', () => {
    const items = [{ ...item(1), published: false }, item(2)];
    const { rerender } = render(
      <MemoryRouter>
        <MediaGrid items={items} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Unpublished')).not.toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <MediaGrid items={items} showStatus />
      </MemoryRouter>,
    );
    expect(screen.getByRole('listitem', { name: 'Image 1 by Ana' })).toContainElement(
      screen.getByText('Unpublished'),
    );
  });
});

describe('MediaGrid pictures', () => {
  it('loads the top rows’ pictures at once and first, the others lazily', () => {
    // 1000 px wide, 300 × 200 tiles at a 200 px base: four tiles a row.
    const items = Array.from({ length: 10 }, (_, i) => item(i + 1));
    render(
      <MemoryRouter>
        <MediaGrid items={items} initialWidth={1000} priorityRows={1} />
      </MemoryRouter>,
    );
    const pictures = screen.getAllByRole('img');
    expect(pictures).toHaveLength(10);
    const loading = pictures.map((picture) => picture.getAttribute('loading'));
    expect(loading).toEqual([...Array(4).fill('eager'), ...Array(6).fill('lazy')]);
    expect(pictures[0]).toHaveAttribute('fetchpriority', 'high');
    expect(pictures[4]).not.toHaveAttribute('fetchpriority');
  });
});

describe('MediaGrid measuring its container', () => {
  afterEach(() => jest.restoreAllMocks());

  it('draws its tiles once, at the measured width, not first at a guessed one', () => {
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(700);
    const drawn: number[] = [];
    function CountedBadge({ id }: { id: number }) {
      drawn.push(id);
      return null;
    }
    const items = Array.from({ length: 6 }, (_, i) => item(i + 1));
    render(
      <MemoryRouter>
        <MediaGrid
          items={items}
          initialWidth={1000}
          renderBadge={(it) => <CountedBadge id={it.id} />}
        />
      </MemoryRouter>,
    );
    expect(drawn).toEqual([1, 2, 3, 4, 5, 6]);
    const widths = screen.getAllByRole('img').map((picture) => picture.getAttribute('width'));
    const at700 = justifyRows(items, 700).flatMap((row) => row.map((tile) => tile.width));
    expect(widths).toEqual(at700.map((width) => String(Math.round(width))));
  });
});

describe('MediaGrid selection kept by a slow page', () => {
  /** A page that takes a selection only when told to, as a router transition does later. */
  function SlowPage() {
    const [selected, setSelected] = useState<number | null>(null);
    const [asked, setAsked] = useState<number | null>(null);
    const items = Array.from({ length: 6 }, (_, i) => item(i + 1));
    return (
      <MemoryRouter>
        <button onClick={() => setSelected(asked)}>Page catches up</button>
        <button onClick={() => setSelected(null)}>Page closes</button>
        <MediaGrid
          items={items}
          initialWidth={1000}
          selectedId={selected}
          onSelect={setAsked}
          renderQuickView={(it) => <p>Details of {it.title}</p>}
        />
      </MemoryRouter>
    );
  }

  it('opens the panel on the click itself, then follows the page’s own selection', async () => {
    render(<SlowPage />);
    await userEvent.click(screen.getByRole('listitem', { name: 'Image 3 by Ana' }));
    // The page has not taken the selection yet: the panel is there all the same.
    expect(screen.getByRole('region', { name: 'Quick view: Image 3' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page catches up' }));
    expect(screen.getByRole('region', { name: 'Quick view: Image 3' })).toBeInTheDocument();
    // The page closing the panel itself (Esc on the page, Back) is not undone by the click.
    await userEvent.click(screen.getByRole('button', { name: 'Page closes' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
