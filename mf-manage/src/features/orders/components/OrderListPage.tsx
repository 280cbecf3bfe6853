import { Empty, Input, Select, Skeleton, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, formatUsd, orderTitle, type OrderStatus } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { useOrderList } from '../api/order-queries';
import {
  ORDERINGS,
  ORDERS_EMPTY,
  ORDERS_NO_RESULTS,
  ORDERS_TITLE,
  ORDER_SEARCH_LABEL,
  ORDER_SEARCH_PLACEHOLDER,
  STATUS_LABELS,
  formatDate,
} from './order-labels';
import { ORDERS_CSS } from './orders-css';

const STATUSES = Object.keys(STATUS_LABELS) as OrderStatus[];

const statusOf = (value: string | null): OrderStatus | '' =>
  STATUSES.includes(value as OrderStatus) ? (value as OrderStatus) : '';
const orderingOf = (value: string | null): string =>
  ORDERINGS.some((o) => o.value === value) ? (value as string) : '-created';

/** /manage/order: every order to fulfil, searched, filtered by status, paged. */
export function OrderListPage() {
  const [query, setQuery] = useSearchParams();
  const search = query.get('search') ?? '';
  const status = statusOf(query.get('status'));
  const ordering = orderingOf(query.get('ordering'));
  const page = Math.max(1, Number(query.get('page')) || 1);
  const pageSize = Number(query.get('page_size')) || DEFAULT_PAGE_SIZE;
  const list = useOrderList({ search, status, ordering, page, pageSize });
  const set = (next: Record<string, string>) => {
    const merged = new URLSearchParams(query);
    for (const [key, value] of Object.entries(next)) {
      if (value === '') merged.delete(key);
      else merged.set(key, value);
    }
    setQuery(merged);
  };
  const filtered = search !== '' || status !== '';

  return (
    <section>
      <style>{ORDERS_CSS}</style>
      <ManageBreadcrumb type="order" />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {ORDERS_TITLE}
      </Typography.Title>
      <div className="mo-toolbar">
        <Input.Search
          aria-label={ORDER_SEARCH_LABEL}
          placeholder={ORDER_SEARCH_PLACEHOLDER}
          defaultValue={search}
          allowClear
          onSearch={(value) => set({ search: value.trim(), page: '' })}
          style={{ width: 280, maxWidth: '100%' }}
        />
        <Select
          aria-label="Status"
          value={status}
          onChange={(value: string) => set({ status: value, page: '' })}
          options={[
            { value: '', label: 'All statuses' },
            ...STATUSES.map((value) => ({ value, label: STATUS_LABELS[value].label })),
          ]}
          style={{ width: 180 }}
        />
        <Select
          aria-label="Sort"
          value={ordering}
          onChange={(value: string) =>
            set({ ordering: value === '-created' ? '' : value, page: '' })
          }
          options={ORDERINGS.map((o) => ({ value: o.value, label: o.label }))}
          style={{ width: 160 }}
        />
      </div>
      {list.isPending && <Skeleton active />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {list.isSuccess &&
        (list.data.results.length === 0 ? (
          <Empty description={filtered ? ORDERS_NO_RESULTS : ORDERS_EMPTY} />
        ) : (
          <>
            <table className="mo-table" aria-label={ORDERS_TITLE}>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Customer</th>
                  <th scope="col" className="mo-num">
                    Total
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.data.results.map((order) => {
                  const label = STATUS_LABELS[order.status];
                  return (
                    <tr key={order.id}>
                      <td className="mo-plain">
                        <Link to={`/manage/order/${order.order_id}`} style={{ fontWeight: 600 }}>
                          {orderTitle(order.order_id)}
                        </Link>
                      </td>
                      <td className="mo-plain">{formatDate(order.created)}</td>
                      <td className="mo-plain">
                        <div>{order.customer_name}</div>
                        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                          {order.email}
                        </Typography.Text>
                      </td>
                      <td className="mo-num mo-plain">{formatUsd(order.grand_total)}</td>
                      <td className="mo-plain">
                        <Tag color={label.color}>{label.label}</Tag>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <PaginationBar
              count={list.data.count}
              page={page}
              pageSize={pageSize}
              onChange={(next, size) => set({ page: String(next), page_size: String(size) })}
              formatCount={(count) => `${count} order${count === 1 ? '' : 's'}`}
            />
          </>
        ))}
    </section>
  );
}
