import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  ACCOUNT_NUMBER_INVALID,
  IBAN_INVALID,
  ROUTING_NUMBER_INVALID,
  type Payee,
  type PaymentAccountBody,
  type SessionProfile,
  type ValidationError,
} from '@atelier/contracts';
import { renderWithProviders } from '../../../test/render';
import { ONBOARDING_PATHS } from '../api/onboarding';
import { AccountForm } from './AccountForm';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sent: PaymentAccountBody[] = [];
const payee: Payee = { identity: null, accounts: [] };
beforeEach(() => {
  sent.length = 0;
  server.use(
    http.post(`http://localhost${ONBOARDING_PATHS.accounts}`, async ({ request }) => {
      sent.push((await request.json()) as PaymentAccountBody);
      return HttpResponse.json<Payee>(payee, { status: 201 });
    }),
    http.get('http://localhost/api/v2/profile/', () =>
      HttpResponse.json<SessionProfile>({
        user_id: 'u',
        current_project: null,
        current_workspace: null,
        application_stage: 'payment',
      }),
    ),
  );
});

it('checks a US routing number by its ABA check digit and the account number', async () => {
  const user = userEvent.setup();
  renderWithProviders(<AccountForm first />);
  await user.type(screen.getByLabelText('Account holder'), 'Noor Painter');
  await user.type(screen.getByLabelText('Routing number'), '011000016');
  await user.type(screen.getByLabelText('Account number'), '12');
  await user.click(screen.getByRole('button', { name: 'Add account' }));
  expect(await screen.findByText(ROUTING_NUMBER_INVALID)).toBeInTheDocument();
  expect(screen.getByText(ACCOUNT_NUMBER_INVALID)).toBeInTheDocument();
  expect(sent).toHaveLength(0);
  await user.clear(screen.getByLabelText('Routing number'));
  await user.type(screen.getByLabelText('Routing number'), '011000015');
  await user.type(screen.getByLabelText('Account number'), '3456');
  await user.click(screen.getByRole('button', { name: 'Add account' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    type: 'bank-accounts',
    country: 'US',
    accountHolder: 'Noor Painter',
    routingNumber: '011000015',
    accountNumber: '123456',
    default: false,
  });
});

it('checks an IBAN (country format and mod-97) before sending', async () => {
  const user = userEvent.setup();
  renderWithProviders(<AccountForm first={false} />);
  await user.click(screen.getByLabelText('Account type'));
  await user.click(await screen.findByTitle('Bank account (IBAN)'));
  await user.type(screen.getByLabelText('Account holder'), 'Noor');
  await user.type(screen.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 01');
  await user.click(screen.getByRole('button', { name: 'Add account' }));
  expect(await screen.findByText(IBAN_INVALID)).toBeInTheDocument();
  await user.clear(screen.getByLabelText('IBAN'));
  await user.type(screen.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 00');
  await user.click(screen.getByRole('checkbox', { name: 'Make this my default payout account' }));
  await user.click(screen.getByRole('button', { name: 'Add account' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({
    country: 'IBAN',
    iban: 'DE89 3704 0044 0532 0130 00',
    default: true,
  });
});

it('shows the server’s message under the field it names', async () => {
  server.use(
    http.post(`http://localhost${ONBOARDING_PATHS.accounts}`, () =>
      HttpResponse.json<ValidationError>(
        { email: ['Enter a valid email address.'] },
        { status: 400 },
      ),
    ),
  );
  const user = userEvent.setup();
  renderWithProviders(<AccountForm first />);
  await user.click(screen.getByLabelText('Account type'));
  await user.click(await screen.findByTitle('PayPal'));
  await user.type(screen.getByLabelText('PayPal email'), 'me@paypal');
  await user.click(screen.getByRole('button', { name: 'Add account' }));
  expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  expect(screen.getByLabelText('PayPal email')).toHaveAttribute('aria-invalid', 'true');
});
