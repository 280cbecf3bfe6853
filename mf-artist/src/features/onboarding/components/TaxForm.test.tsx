import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  TIN_EIN_INVALID,
  TIN_SSN_INVALID,
  type TaxFormBody,
  type TaxFormView,
  type SessionProfile,
  type ValidationError,
} from '@atelier/contracts';
import { renderWithProviders } from '../../../test/render';
import { ONBOARDING_PATHS } from '../api/onboarding';
import { TaxForm } from './TaxForm';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sent: TaxFormBody[] = [];
const saved: TaxFormView = {
  form: 'W-9',
  legal_name: 'Noor Painter',
  business_name: '',
  tax_classification: 'individual',
  address: { line1: '1 Main St', city: 'Springfield', country: 'US' },
  tin_type: 'SSN',
  tin_masked: '***-**-6789',
  country_of_citizenship: null,
  foreign_tin_masked: null,
  date_of_birth: null,
  certified_at: '2026-01-02T00:00:00Z',
};
beforeEach(() => {
  sent.length = 0;
  server.use(
    http.put(`http://localhost${ONBOARDING_PATHS.tax}`, async ({ request }) => {
      sent.push((await request.json()) as TaxFormBody);
      return HttpResponse.json<TaxFormView>(saved);
    }),
    http.get('http://localhost/api/v2/profile/', () =>
      HttpResponse.json<SessionProfile>({
        user_id: 'u',
        current_project: null,
        current_workspace: null,
        application_stage: 'payee',
      }),
    ),
  );
});

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Noor Painter');
  await user.type(screen.getByLabelText('Address line 1'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Springfield');
}

it('a US person fills a W-9: the SSN and EIN rules are checked before sending', async () => {
  const user = userEvent.setup();
  const onSaved = jest.fn();
  renderWithProviders(<TaxForm saved={null} submitLabel="Save and continue" onSaved={onSaved} />);
  expect(screen.getByRole('heading', { name: 'Form W-9' })).toBeInTheDocument();
  await fillAddress(user);
  await user.type(screen.getByLabelText('Social security number'), '666-12-3456');
  await user.click(screen.getByRole('checkbox', { name: /I certify/ }));
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
  expect(await screen.findByText(TIN_SSN_INVALID)).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  await user.click(screen.getByRole('radio', { name: 'EIN' }));
  const ein = screen.getByLabelText('Employer identification number');
  await user.clear(ein);
  await user.type(ein, '07-1234567');
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
  expect(await screen.findByText(TIN_EIN_INVALID)).toBeInTheDocument();

  await user.clear(ein);
  await user.type(ein, '12-3456789');
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(sent[0]).toMatchObject({
    form: 'W-9',
    tin_type: 'EIN',
    tin: '123456789',
    tax_classification: 'individual',
    address: { line1: '1 Main St', city: 'Springfield', country: 'US' },
    certify: true,
  });
});

it('a person outside the US switches to W-8BEN: citizenship, birth date, no SSN', async () => {
  const user = userEvent.setup();
  renderWithProviders(<TaxForm saved={null} submitLabel="Save" onSaved={jest.fn()} />);
  // A button-style radio: the person clicks its label.
  await user.click(screen.getByText('No: W-8BEN'));
  expect(screen.getByRole('radio', { name: 'No: W-8BEN' })).toBeChecked();
  expect(screen.getByRole('heading', { name: 'Form W-8BEN' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Social security number')).not.toBeInTheDocument();
  await fillAddress(user);
  await user.type(screen.getByLabelText('Country of citizenship'), 'pt');
  await user.type(screen.getByLabelText('Country'), 'PT');
  await user.click(screen.getByRole('checkbox', { name: /I certify/ }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Date of birth is required.')).toBeInTheDocument();
  // jsdom's date input takes a value, not keystrokes.
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-02-03' } });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({
    form: 'W-8BEN',
    country_of_citizenship: 'PT',
    date_of_birth: '1990-02-03',
    address: { country: 'PT' },
  });
  expect(sent[0]).not.toHaveProperty('tin');
});

it('shows the TIN on file masked, never in full, and the server’s field errors', async () => {
  server.use(
    http.put(`http://localhost${ONBOARDING_PATHS.tax}`, () =>
      HttpResponse.json<ValidationError>(
        { legal_name: ['Ensure this field has no more than 200 characters.'] },
        { status: 400 },
      ),
    ),
  );
  const user = userEvent.setup();
  renderWithProviders(<TaxForm saved={saved} submitLabel="Save" onSaved={jest.fn()} />);
  expect(screen.getByText('On file: W-9, TIN ***-**-6789')).toBeInTheDocument();
  expect(screen.getByLabelText('Social security number')).toHaveValue('');
  await user.type(screen.getByLabelText('Social security number'), '123-45-6789');
  await user.click(screen.getByRole('checkbox', { name: /I certify/ }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(
    await screen.findByText('Ensure this field has no more than 200 characters.'),
  ).toBeInTheDocument();
});
