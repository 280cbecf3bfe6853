import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CollectionInput, Collection, ValidationError } from '@atelier/contracts';
import { renderPage } from '../../../test/render';
import { aCollection } from '../../../test/collection-fixtures';
import { CollectionForm } from './CollectionForm';
import { NAME_REQUIRED, NAME_TOO_LONG } from '../../../shared/collections/collection-rules';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sent: Array<{ method: string; body: CollectionInput }> = [];
beforeEach(() => {
  sent.length = 0;
  server.use(
    http.post('http://localhost/api/collections/', async ({ request }) => {
      const body = (await request.json()) as CollectionInput;
      sent.push({ method: 'POST', body });
      return HttpResponse.json<Collection>(aCollection(41, { ...body, editable: true }), {
        status: 201,
      });
    }),
    http.put('http://localhost/api/collections/7/', async ({ request }) => {
      const body = (await request.json()) as CollectionInput;
      sent.push({ method: 'PUT', body });
      return HttpResponse.json<Collection>(aCollection(7, { ...body, editable: true }));
    }),
  );
});

function renderForm(collection?: ReturnType<typeof aCollection>) {
  const onSaved = jest.fn();
  const onCancel = jest.fn();
  renderPage(<CollectionForm collection={collection} onSaved={onSaved} onCancel={onCancel} />);
  return { onSaved, onCancel, user: userEvent.setup() };
}

describe('collection form (SPEC §5)', () => {
  it('starts empty with communal and public checked, and creates with those defaults', async () => {
    const { onSaved, user } = renderForm();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Communal' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Public' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Harbour lights');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // Description is optional: an empty one is sent as empty, not refused.
    expect(sent).toEqual([
      {
        method: 'POST',
        body: { name: 'Harbour lights', description: '', communal: true, public: true },
      },
    ]);
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ id: 41, name: 'Harbour lights' });
  });

  it('requires a name (spaces alone do not count) and sends nothing without one', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('takes a name of 100 characters and refuses 101', async () => {
    const { onSaved, user } = renderForm();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText(NAME_TOO_LONG)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await user.type(name, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]?.body.name).toBe('x'.repeat(100));
  });

  it("shows the server's 400 under its field, and a non-field error in an alert", async () => {
    server.use(
      http.post('http://localhost/api/collections/', () =>
        HttpResponse.json<ValidationError>(
          {
            name: ['A collection with this name already exists.'],
            non_field_errors: ['Slow down.'],
          },
          { status: 400 },
        ),
      ),
    );
    const { onSaved, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(
      await screen.findByText('A collection with this name already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Slow down.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(onSaved).not.toHaveBeenCalled();
    // SPEC §4: the errors state clears on input.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '!');
    expect(screen.queryByText('Slow down.')).toBeNull();
  });

  it('edits an existing collection with its values filled in, by keyboard alone', async () => {
    const { onSaved, user } = renderForm(
      aCollection(7, { name: 'Night', description: 'Dark works', communal: false, public: false }),
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Night');
    expect(screen.getByRole('checkbox', { name: 'Communal' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Public' })).not.toBeChecked();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{End} skies');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Communal' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'PUT',
        body: { name: 'Night skies', description: 'Dark works', communal: true, public: false },
      },
    ]);
  });

  it('cancels without saving', async () => {
    const { onCancel, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Never mind');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
