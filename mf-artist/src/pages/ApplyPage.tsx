import { Button, Steps, Typography } from 'antd';
import { Link } from 'react-router-dom';

/** The start of an artist application: what it asks for, then sign-in and details. */
export function ApplyPage() {
  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Apply to the Artist Portal
      </Typography.Title>
      <Steps
        orientation="vertical"
        current={0}
        items={[
          { title: 'Sign in or create an account' },
          { title: 'About you', description: 'Your name, location and a short bio.' },
          { title: 'Samples', description: 'Three to ten images that show your work.' },
          { title: 'Review', description: 'Our curators reply by email.' },
        ]}
      />
      <Link to="/artist/apply/info">
        <Button type="primary">Start application</Button>
      </Link>
    </section>
  );
}
