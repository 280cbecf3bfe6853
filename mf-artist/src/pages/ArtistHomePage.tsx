import { Button, Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';

const STEPS = [
  {
    title: 'Apply',
    text: 'Tell us about your work and send a few samples. Our curators answer within two weeks.',
  },
  {
    title: 'Upload',
    text: 'Upload high-resolution files. We print them on paper, canvas, aluminum, acrylic and more.',
  },
  {
    title: 'Earn',
    text: 'Set up royalty, tax and payout details once; royalties are paid for every print sold.',
  },
];

/** The artist portal's front page: what selling here means, and the way in. */
export function ArtistHomePage() {
  const isArtist = useAuthStore((s) => s.isArtist);
  return (
    <section aria-labelledby="artist-title">
      <Typography.Title id="artist-title" level={1} style={{ fontFamily: 'Georgia, serif' }}>
        Artist Portal
      </Typography.Title>
      <Typography.Paragraph style={{ fontSize: 16, maxWidth: 720 }}>
        Sell your art and photography as museum-quality prints. You keep your rights; we print,
        frame, ship and support the customer.
      </Typography.Paragraph>
      <Row gutter={[16, 16]} style={{ margin: '24px 0' }}>
        {STEPS.map((step) => (
          <Col key={step.title} xs={24} md={8}>
            <Card title={step.title}>{step.text}</Card>
          </Col>
        ))}
      </Row>
      {isArtist ? (
        <Link to="/artist/art">
          <Button type="primary" size="large">
            Your art
          </Button>
        </Link>
      ) : (
        <Link to="/artist/apply">
          <Button type="primary" size="large">
            Apply to sell your art
          </Button>
        </Link>
      )}
    </section>
  );
}
