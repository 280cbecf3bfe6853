import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type {
  FormFields,
  OptionsMetadata,
  Page,
  Artist,
  Collection,
  ValidationError,
  DetailError,
} from '@atelier/contracts';
import EntityForm, { type EntityFormProps } from './EntityForm';
import {
  CLIENT_VALIDATION_FAILED,
  INVALID_JSON,
  LOOKUP_DEBOUNCE_MS,
  LOOKUP_LIMIT,
  METADATA_ADVICE,
  NO_FIELDS_TEXT,
  NO_FIELDS_TITLE,
  TEXTAREA_MAX_ROWS,
} from './entity-form-rules';

jest.setTimeout(90_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const BASE = 'http://localhost';

/** One field of every SPEC §5 type, as the server's SimpleMetadata describes them. */
const FIELDS: FormFields = {
  id: { type: 'integer', required: false, read_only: true, label: 'ID' },
  name: { type: 'string', required: true, read_only: false, label: 'Name', max_length: 20 },
  bio: { type: 'string', required: false, read_only: false, label: 'Bio' },
  password: { type: 'string', required: false, read_only: false, label: 'Password' },
  tin: { type: 'string', required: false, read_only: false, label: 'TIN', max_length: 11 },
  active: { type: 'boolean', required: false, read_only: false, label: 'Active' },
  email: { type: 'email', required: false, read_only: false, label: 'Email' },
  website: { type: 'url', required: false, read_only: false, label: 'Website' },
  born: { type: 'date', required: false, read_only: false, label: 'Born' },
  starts: { type: 'datetime', required: false, read_only: false, label: 'Starts' },
  count: {
    type: 'integer',
    required: false,
    read_only: false,
    label: 'Count',
    min_value: 1,
    max_value: 4,
  },
  ratio: { type: 'float', required: false, read_only: false, label: 'Ratio' },
  rate: {
    type: 'decimal',
    required: false,
    read_only: false,
    label: 'Rate',
    min_value: 0,
    max_value: 100,
    decimal_places: 2,
  },
  kind: {
    type: 'choice',
    required: false,
    read_only: false,
    label: 'Kind',
    choices: [
      { value: 'print', display_name: 'Print' },
      { value: 'canvas', display_name: 'Canvas' },
    ],
  },
  size: {
    type: 'choice',
    required: false,
    read_only: false,
    label: 'Size',
    choices: [
      { value: 's', display_name: 'Small' },
      { value: 'l', display_name: 'Large' },
    ],
  },
  colours: {
    type: 'multiple choice',
    required: false,
    read_only: false,
    label: 'Colours',
    choices: [
      { value: 'red', display_name: 'Red' },
      { value: 'blue', display_name: 'Blue' },
    ],
  },
  moods: {
    type: 'multiple choice',
    required: false,
    read_only: false,
    label: 'Moods',
    choices: [
      { value: 'calm', display_name: 'Calm' },
      { value: 'bold', display_name: 'Bold' },
    ],
  },
  artist: { type: 'field', required: false, read_only: false, label: 'Artist' },
  collections: {
    type: 'list',
    required: false,
    read_only: false,
    label: 'Collections',
    child: { type: 'field', required: true, read_only: false },
  },
  extra: { type: 'json', required: false, read_only: false, label: 'Extra' },
  address: {
    type: 'nested object',
    required: false,
    read_only: false,
    label: 'Address',
    children: {
      city: { type: 'string', required: false, read_only: false, label: 'City', max_length: 50 },
    },
  },
  location: {
    type: 'nested object',
    required: false,
    read_only: false,
    label: 'Location',
    children: {},
  },
  keywords: {
    type: 'list',
    required: false,
    read_only: false,
    label: 'Keywords',
    child: { type: 'string', required: true, read_only: false },
  },
  photo: { type: 'image upload', required: false, read_only: false, label: 'Photo' },
  document: { type: 'file upload', required: false, read_only: false, label: 'Document' },
  created: { type: 'datetime', required: false, read_only: true, label: 'Created' },
  modified: { type: 'datetime', required: false, read_only: false, label: 'Modified' },
};

const options = (fields: FormFields | null, method: 'POST' | 'PUT' = 'POST'): OptionsMetadata => ({
  name: 'Thing List',
  description: '',
  renders: ['application/json'],
  parses: ['application/json'],
  ...(fields ? { actions: { [method]: fields } } : {}),
});

const page = <T,>(results: T[]): Page<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

function lookups() {
  const asked: URL[] = [];
  server.use(
    http.get(`${BASE}/api/artist/`, ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const all = [
        { id: 1, name: 'Ana Alves' },
        { id: 2, name: 'Bo Berg' },
      ];
      const term = url.searchParams.get('search')?.toLowerCase() ?? '';
      return HttpResponse.json<Page<Pick<Artist, 'id' | 'name'>>>(
        page(all.filter((a) => a.name.toLowerCase().includes(term))),
      );
    }),
    http.get(`${BASE}/api/collections/`, () =>
      HttpResponse.json<Page<Pick<Collection, 'id' | 'name'>>>(page([{ id: 7, name: 'Blues' }])),
    ),
  );
  return asked;
}

function renderForm(props: Partial<EntityFormProps> = {}) {
  const onSaved = jest.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <EntityForm
          endpoint="/api/thing/"
          widgets={{ tin: 'masked', size: 'radio group', moods: 'checkbox group' }}
          onSaved={onSaved}
          {...props}
        />
      </App>
    </QueryClientProvider>,
  );
  return { onSaved, user: userEvent.setup() };
}

function withOptions(fields: FormFields | null, url = `${BASE}/api/thing/`) {
  server.use(
    http.options(url, () =>
      HttpResponse.json<OptionsMetadata>(options(fields, url.endsWith('/thing/') ? 'POST' : 'PUT')),
    ),
  );
}

describe('EntityForm field types (SPEC §5)', () => {
  it('renders an input of the right kind for every field type, asterisks on required ones', async () => {
    lookups();
    withOptions(FIELDS);
    renderForm();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('maxlength', '20');
    expect(name.closest('.ant-form-item')?.querySelector('.ant-form-item-required')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Bio' }).tagName).toBe('TEXTAREA');
    expect(TEXTAREA_MAX_ROWS).toBe(8);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('TIN')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Active' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Born')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Starts')).toHaveAttribute('type', 'datetime-local');
    const count = screen.getByRole('spinbutton', { name: 'Count' });
    expect(count).toHaveAttribute('min', '1');
    expect(count).toHaveAttribute('max', '4');
    expect(count).toHaveAttribute('step', '1');
    expect(screen.getByRole('spinbutton', { name: 'Ratio' })).toHaveAttribute('step', 'any');
    const rate = screen.getByRole('spinbutton', { name: 'Rate' });
    expect(rate).toHaveAttribute('max', '100');
    expect(rate).toHaveAttribute('step', '0.01');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Size' })).getAllByRole('radio'),
    ).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Colours' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Moods' })).getAllByRole('checkbox'),
    ).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Artist' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Collections' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Extra' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('group', { name: /Address/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'City' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveAttribute('type', 'text');
    expect(screen.getByRole('combobox', { name: 'Keywords' })).toBeInTheDocument();
    expect(screen.getByLabelText('Photo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Document')).toHaveAttribute('type', 'file');
    // A new entity has no id, created or modified to show or send.
    expect(screen.queryByText('ID')).toBeNull();
    expect(screen.queryByLabelText('Modified')).toBeNull();
  });

  const pick = (...names: string[]): FormFields =>
    Object.fromEntries(names.map((name) => [name, FIELDS[name]!]));

  async function submitted(
    fields: FormFields,
    fill: (user: ReturnType<typeof userEvent.setup>) => Promise<void>,
  ) {
    withOptions(fields);
    let body: unknown;
    server.use(
      http.post(`${BASE}/api/thing/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
    );
    const { onSaved, user } = renderForm();
    await screen.findByRole('button', { name: 'Save' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 9 }));
    return body;
  }
  const type = (element: HTMLElement, value: string) =>
    fireEvent.change(element, { target: { value } });

  it('sends text, number and date fields as the API takes them', async () => {
    const fields = pick(
      'id',
      'name',
      'bio',
      'password',
      'tin',
      'active',
      'email',
      'born',
      'starts',
      'count',
      'ratio',
      'rate',
      'created',
    );
    const body = await submitted(fields, async (user) => {
      type(screen.getByRole('textbox', { name: 'Name' }), 'Sea');
      type(screen.getByRole('textbox', { name: 'Bio' }), 'Paints waves');
      type(screen.getByLabelText('Password'), 'long-secret');
      await user.click(screen.getByRole('checkbox', { name: 'Active' }));
      type(screen.getByRole('textbox', { name: 'Email' }), 'sea@example.com');
      type(screen.getByLabelText('Born'), '1990-04-02');
      type(screen.getByLabelText('Starts'), '2025-05-06T07:08');
      type(screen.getByRole('spinbutton', { name: 'Count' }), '3');
      type(screen.getByRole('spinbutton', { name: 'Rate' }), '12.5');
    });
    expect(body).toEqual({
      name: 'Sea',
      bio: 'Paints waves',
      password: 'long-secret',
      active: true,
      email: 'sea@example.com',
      born: '1990-04-02',
      starts: new Date('2025-05-06T07:08').toISOString(),
      count: 3,
      ratio: null,
      rate: '12.5',
    });
  });

  it('sends choices, groups, JSON, nested objects, location and relations as the API takes them', async () => {
    lookups();
    const fields = pick(
      'size',
      'moods',
      'kind',
      'colours',
      'extra',
      'address',
      'location',
      'artist',
      'collections',
      'keywords',
    );
    const body = await submitted(fields, async (user) => {
      await user.click(screen.getByRole('radio', { name: 'Large' }));
      await user.click(screen.getByRole('checkbox', { name: 'Calm' }));
      type(screen.getByRole('textbox', { name: 'Extra' }), '{"a": 1}');
      type(screen.getByRole('textbox', { name: 'City' }), 'Porto');
      type(screen.getByRole('textbox', { name: 'Location' }), 'Lisbon, Portugal');
    });
    expect(body).toEqual({
      size: 'l',
      moods: ['calm'],
      kind: null,
      colours: [],
      extra: { a: 1 },
      address: { city: 'Porto' },
      location: { formatted_address: 'Lisbon, Portugal' },
      artist: null,
      collections: [],
      keywords: [],
    });
  });

  it('takes list items separated by , and ;', async () => {
    withOptions({ keywords: FIELDS.keywords! });
    let body: unknown;
    server.use(
      http.post(`${BASE}/api/thing/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const { user } = renderForm();
    await user.type(await screen.findByRole('combobox', { name: 'Keywords' }), 'sea, sky;dune,');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ keywords: ['sea', 'sky', 'dune'] }));
  });

  it('looks related rows up 200 ms after typing stops, 1000 at most', async () => {
    const asked = lookups();
    withOptions({ artist: FIELDS.artist! });
    const { user } = renderForm();
    const box = await screen.findByRole('combobox', { name: 'Artist' });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.searchParams.get('limit')).toBe(String(LOOKUP_LIMIT));
    expect(LOOKUP_DEBOUNCE_MS).toBe(200);
    await user.type(box, 'bo');
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('search')).toBe('bo'));
    // Typed quickly: one lookup for the settled term, none for 'b' alone.
    expect(asked.map((url) => url.searchParams.get('search'))).not.toContain('b');
    await user.click(await screen.findByRole('option', { name: 'Bo Berg' }));
    let body: unknown;
    server.use(
      http.post(`${BASE}/api/thing/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ artist: 2 }));
  });

  it('shows existing values and read-only id, created and modified when editing', async () => {
    lookups();
    withOptions(FIELDS, `${BASE}/api/thing/5/`);
    renderForm({
      id: 5,
      entity: {
        id: 5,
        name: 'Sea',
        active: true,
        artist: 2,
        keywords: ['a', 'b'],
        created: '2025-01-02T03:04:05Z',
        modified: '2025-02-02T03:04:05Z',
        location: { formatted_address: 'Lisbon' },
        photo: '/media/p.jpg',
        tin: '•••••1234',
      },
    });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Sea');
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Modified' })).toBeNull();
    expect(screen.getByText(/Feb 2, 2025|2\/2\/2025/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('Lisbon');
    expect(screen.getByRole('img', { name: 'Current photo' })).toHaveAttribute(
      'src',
      '/media/p.jpg',
    );
    expect(screen.getByLabelText('TIN')).toHaveAttribute('placeholder', '•••••1234');
    expect(await screen.findByTitle('Bo Berg')).toBeInTheDocument();
  });
});

it('starts a new entity from the defaults it is given', async () => {
  withOptions({ active: FIELDS.active!, name: FIELDS.name! });
  let body: unknown;
  server.use(
    http.post(`${BASE}/api/thing/`, async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
  const { user } = renderForm({ defaults: { active: true } });
  expect(await screen.findByRole('checkbox', { name: 'Active' })).toBeChecked();
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Sea' } });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(body).toEqual({ active: true, name: 'Sea' }));
});

describe('EntityForm validation and messages (SPEC §5, §8)', () => {
  it("stops a submit the browser finds invalid: 'Form failed client-side validation'", async () => {
    withOptions({ name: FIELDS.name!, email: FIELDS.email! });
    const post = jest.fn();
    server.use(http.post(`${BASE}/api/thing/`, post));
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CLIENT_VALIDATION_FAILED)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses JSON that does not parse, on its field', async () => {
    withOptions({ extra: FIELDS.extra! });
    const post = jest.fn();
    server.use(http.post(`${BASE}/api/thing/`, post));
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Extra' }), '{{oops');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(INVALID_JSON)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('puts a 400 under its fields, focuses the first, lists hidden ones', async () => {
    withOptions({ name: FIELDS.name!, email: FIELDS.email! });
    server.use(
      http.post(`${BASE}/api/thing/`, () =>
        HttpResponse.json<ValidationError>(
          { email: ['Enter a valid email address.'], secret: ['Nope.'] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Sea');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Invalid hidden fields. Please contact support.')).toBeInTheDocument();
    expect(screen.getByText('secret: Nope.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus());
  });

  it('shows non-field errors and an empty 400 in an alert', async () => {
    withOptions({ name: FIELDS.name! });
    server.use(
      http.post(`${BASE}/api/thing/`, () =>
        HttpResponse.json<ValidationError>(
          { non_field_errors: ['Already taken.'] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Sea');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Already taken.')).toBeInTheDocument();
    server.use(http.post(`${BASE}/api/thing/`, () => new HttpResponse(null, { status: 400 })));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please contact support.')).toBeInTheDocument();
  });

  it('a metadata failure is a persistent alert with the advice', async () => {
    server.use(
      http.options(`${BASE}/api/thing/`, () =>
        HttpResponse.json<DetailError>(
          { detail: 'Server down' },
          { status: 503, statusText: 'Service Unavailable' },
        ),
      ),
    );
    renderForm();
    expect(await screen.findByText(METADATA_ADVICE)).toBeInTheDocument();
  });

  it("metadata without actions: a 'No fields' toast and the data unformatted", async () => {
    withOptions(null, `${BASE}/api/thing/3/`);
    renderForm({ id: 3, entity: { id: 3, name: 'Raw one' } });
    expect(await screen.findByText(NO_FIELDS_TITLE)).toBeInTheDocument();
    expect(screen.getByText(NO_FIELDS_TEXT)).toBeInTheDocument();
    expect(screen.getByText(/"name": "Raw one"/)).toBeInTheDocument();
  });

  it("a related lookup failure: '{label} lookup error. Please contact customer support.'", async () => {
    withOptions({ artist: FIELDS.artist! });
    server.use(
      http.get(`${BASE}/api/artist/`, () =>
        HttpResponse.json<DetailError>(
          { detail: 'Boom' },
          { status: 500, statusText: 'Server Error' },
        ),
      ),
    );
    renderForm();
    expect(
      await screen.findByText('Artist lookup error. Please contact customer support.'),
    ).toBeInTheDocument();
  });
});

void act;
