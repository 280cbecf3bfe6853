import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatRate } from '@atelier/contracts';
import { PageHeading } from '../../components/PageHeading';
import { usePayee, useRoyalty, useTaxForm } from '../../features/onboarding/api/onboarding';
import { accountLabel } from '../../features/onboarding/account-model';
import { OnboardingGate } from '../../features/onboarding/components/OnboardingGate';

function Summary() {
  const royalty = useRoyalty();
  const tax = useTaxForm();
  const payee = usePayee();
  const fallback = (query: { isPending: boolean; error: unknown }) =>
    query.isPending ? 'Loading…' : query.error ? 'Could not load.' : 'Not set up yet';
  const defaultAccount = payee.data?.accounts.find((a) => a.default);
  const cards = [
    {
      to: '/artist/account/royalty',
      title: 'Royalty',
      text: royalty.data
        ? `${royalty.data.level.name}: ${formatRate(royalty.data.level.rate_bp)}`
        : fallback(royalty),
    },
    {
      to: '/artist/account/tax',
      title: 'Tax',
      text: tax.data
        ? `${tax.data.form}${tax.data.tin_masked ? ` · ${tax.data.tin_masked}` : ''}`
        : fallback(tax),
    },
    {
      to: '/artist/account/payment',
      title: 'Payment',
      text: defaultAccount ? accountLabel(defaultAccount) : fallback(payee),
    },
    { to: '/artist/profile', title: 'Artist profile', text: 'Photo, bio and location' },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.to} xs={24} sm={12} lg={6}>
          <Link to={card.to} aria-label={`${card.title}: view and change`}>
            <Card
              hoverable
              title={card.title}
              extra={<Typography.Text type="secondary">Change</Typography.Text>}
            >
              <Typography.Text>{card.text}</Typography.Text>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

/** /artist/account: royalty, tax and payment details to view and change. */
export function AccountPage() {
  return (
    <OnboardingGate>
      {() => (
        <>
          <PageHeading
            title="Artist Account"
            lead="Your royalty level, tax form and payout accounts."
          />
          <Summary />
        </>
      )}
    </OnboardingGate>
  );
}
