import { Empty, Typography } from 'antd';
import { ErrorDisplay, PaginationBar, RequireLogin, usePageTitle } from '@atelier/ui';
import { useOrders } from '../shared/api/list-orders';
import { OrdersTable } from '../features/orders/components/OrdersTable';
import { usePageParams } from '../features/orders/hooks/use-page-params';
import { ORDER_MESSAGES } from '../features/orders/messages';

function OrdersList() {
  const { page, pageSize, setPage } = usePageParams();
  const orders = useOrders({ page, page_size: pageSize });
  if (orders.isError) return <ErrorDisplay error={orders.error} />;
  const data = orders.data;
  if (data && data.count === 0) return <Empty description={ORDER_MESSAGES.listEmpty} />;
  return (
    <>
      <OrdersTable orders={data?.results ?? []} loading={orders.isFetching && !data} />
      {data && data.count > 0 && (
        <PaginationBar
          count={data.count}
          page={page}
          pageSize={pageSize}
          onChange={setPage}
          formatCount={(count) => (count === 1 ? '1 order' : `${count} orders`)}
        />
      )}
    </>
  );
}

/** /orders: the signed-in user's orders (staff: everyone's), newest first. */
export default function OrdersPage() {
  usePageTitle('Orders');
  return (
    <RequireLogin>
      <section aria-labelledby="orders-title">
        <Typography.Title id="orders-title" level={1} style={{ fontSize: 24 }}>
          Orders
        </Typography.Title>
        <OrdersList />
      </section>
    </RequireLogin>
  );
}
