import { Button, Card, Result, Space } from 'antd';
import { Link } from 'react-router-dom';
import type { ApplicationStage } from '@atelier/contracts';
import { QueryState } from '../../../components/QueryState';
import { usePayee } from '../api/onboarding';
import { AccountForm } from './AccountForm';
import { AccountList } from './AccountList';
import { PayeeForm } from './PayeeForm';

const ONBOARDING_COMPLETE = 'Your artist account is ready';

/** Payee identity, then payout accounts; the first default account completes onboarding. */
export function PaymentStep({
  mode,
  stage,
  defaultEmail,
}: {
  mode: 'new' | 'account';
  stage: ApplicationStage;
  defaultEmail: string;
}) {
  const query = usePayee();
  const payee = query.data;
  return (
    <QueryState
      isPending={query.isPending}
      error={query.error}
      refetch={query.refetch}
      label="Loading your payout details"
    >
      {payee ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {mode === 'new' && stage === 'payment' ? (
            <Result
              status="success"
              title={ONBOARDING_COMPLETE}
              subTitle="Royalties for every print sold are paid to your default account."
              extra={[
                <Link key="art" to="/artist/art">
                  <Button type="primary">Your art</Button>
                </Link>,
                <Link key="profile" to="/artist/profile">
                  <Button>Artist profile</Button>
                </Link>,
              ]}
            />
          ) : null}
          <Card title="Payee" size="small">
            <PayeeForm identity={payee.identity} defaultEmail={defaultEmail} />
          </Card>
          {payee.identity ? (
            <>
              <Card title="Payout accounts" size="small">
                <AccountList accounts={payee.accounts} />
              </Card>
              <Card title="Add a payout account" size="small">
                <AccountForm first={!payee.accounts.some((a) => a.default)} />
              </Card>
            </>
          ) : null}
        </Space>
      ) : null}
    </QueryState>
  );
}
