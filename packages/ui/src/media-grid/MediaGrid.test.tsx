import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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
