import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ContentEditResponse, DetailError, DesignStudioResponse } from '@atelier/contracts';
import { imageCard, renderPage } from '../../test/render';
import { StaffQuickActions } from './StaffQuickActions';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const bodies: unknown[] = [];
beforeEach(() => {
  bodies.length = 0;
});

const openMenu = async (title: string) =>
  userEvent.click(screen.getByRole('button', { name: `Quick actions for ${title}` }));

it('unpublishes a published image', async () => {
  server.use(
    http.patch('http://localhost/content/edit/5/', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json<ContentEditResponse>({
        id: 5,
        user_favorite: false,
        published: false,
        popularity: 0,
      });
    }),
  );
  renderPage(<StaffQuickActions image={imageCard(5, { title: 'Dunes', published: true })} />);
  await openMenu('Dunes');
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Unpublish' }));
  expect(await screen.findByText('Unpublished “Dunes”')).toBeInTheDocument();
  expect(bodies).toEqual([{ publish: false }]);
});

it('a publish failure shows the server detail and the advice (SPEC §8)', async () => {
  server.use(
    http.patch('http://localhost/content/edit/5/', () =>
      HttpResponse.json<DetailError>({ detail: 'Image is locked.' }, { status: 409 }),
    ),
  );
  renderPage(<StaffQuickActions image={imageCard(5, { title: 'Dunes', published: false })} />);
  await openMenu('Dunes');
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Publish' }));
  expect(await screen.findByText('Publish failed')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Image is locked. Please try again. Contact customer support if this persists.',
    ),
  ).toBeInTheDocument();
});

it('cannot publish external stock images', async () => {
  renderPage(<StaffQuickActions image={imageCard(5, { title: 'Stock', source: 'GET' })} />);
  await openMenu('Stock');
  expect(await screen.findByRole('menuitem', { name: 'Unpublish' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

it('adds the image to the government set', async () => {
  server.use(
    http.post('http://localhost/api/v2/designstudio/', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json<DesignStudioResponse>({ id: 5, _static: ['government'] });
    }),
  );
  renderPage(<StaffQuickActions image={imageCard(5, { title: 'Dunes' })} />);
  await openMenu('Dunes');
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to the government set' }));
  expect(await screen.findByText('Added to the government set')).toBeInTheDocument();
  expect(bodies).toEqual([{ imagedata: 5, action: 'add-static', collection: 'government' }]);
});
