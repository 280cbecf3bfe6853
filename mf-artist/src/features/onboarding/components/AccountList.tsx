import { Button, Empty, List, Popconfirm, Space, Tag } from 'antd';
import type { PaymentAccount } from '@atelier/contracts';
import { useMakeDefault, useRemoveAccount } from '../api/onboarding';
import { accountLabel } from '../account-model';

const LIVE = new Set(['ACTIVATED', 'VERIFIED']);

/** The artist's payout accounts with status, the default marked; set default, remove. */
export function AccountList({ accounts }: { accounts: PaymentAccount[] }) {
  const makeDefault = useMakeDefault();
  const remove = useRemoveAccount();
  if (accounts.length === 0) return <Empty description="No payout accounts yet" />;
  return (
    <section aria-label="Payout accounts">
      <List
        bordered
        dataSource={accounts}
        renderItem={(account) => {
          const label = accountLabel(account);
          const live = LIVE.has(account.status);
          return (
            <List.Item
              actions={
                live
                  ? [
                      account.default ? null : (
                        <Button
                          key="default"
                          size="small"
                          onClick={() => makeDefault.mutate(account.token)}
                        >
                          Make default
                        </Button>
                      ),
                      <Popconfirm
                        key="remove"
                        title="Remove this account?"
                        okText="Remove"
                        onConfirm={() => remove.mutate(account.token)}
                      >
                        <Button size="small" danger aria-label={`Remove ${label}`}>
                          Remove
                        </Button>
                      </Popconfirm>,
                    ].filter(Boolean)
                  : []
              }
            >
              <Space wrap>
                <span>{label}</span>
                {account.default ? <Tag color="blue">Default</Tag> : null}
                <Tag color={live ? 'green' : 'default'}>{account.status}</Tag>
              </Space>
            </List.Item>
          );
        }}
      />
    </section>
  );
}
