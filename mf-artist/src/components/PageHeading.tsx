import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A portal page's heading and its one-line lead. */
export function PageHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header style={{ marginBottom: 24 }}>
      <Typography.Title level={1} style={{ fontSize: 26, marginBottom: 4 }}>
        {title}
      </Typography.Title>
      {lead ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0, maxWidth: 720 }}>
          {lead}
        </Typography.Paragraph>
      ) : null}
    </header>
  );
}
