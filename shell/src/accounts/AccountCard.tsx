import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ maxWidth: 420, margin: '32px auto' }}>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
