import { useState } from 'react';
import { Button, Col, Row, Skeleton, Typography } from 'antd';
import { isApiError } from '@atelier/api-client';
import { CART_ITEMS_PAGE_SIZE } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar, usePageTitle } from '@atelier/ui';
import { useCartItems } from '../api/get-cart-items';
import { useProject } from '../../../shared/api/get-project';
import { CART_TEXT, checkoutPath } from '../constants';
import { CartItemList } from './CartItemList';
import { CartSummary } from './CartSummary';
import { EmptyProject } from './EmptyProject';
import { OrderedAlert } from './OrderedAlert';

import { ProjectNotFound } from './ProjectNotFound';

export interface CartScreenProps {
  /** The project's id or token; null when there is no cart to show. */
  idOrToken: string | null;
  /** The held cart: checks out at /checkout, and a missing one is just an empty cart. */
  isCurrentCart: boolean;
  /** The heading until the project's name is known ('Cart', 'Project'). */
  fallbackHeading: string;
  /** Guests are offered Sign in / Sign up in the empty state. */
  guest: boolean;
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

function Heading({ children }: { children: string }) {
  return (
    <Typography.Title level={1} style={{ fontSize: 24, marginBottom: 4 }}>
      {children}
    </Typography.Title>
  );
}

/** SPEC §2 cart/project screen: the held cart on /cart, any project on /projects/:id. */
export function CartScreen({ idOrToken, isCurrentCart, fallbackHeading, guest }: CartScreenProps) {
  const project = useProject(idOrToken);
  const [paging, setPaging] = useState({ page: 1, pageSize: CART_ITEMS_PAGE_SIZE });
  const items = useCartItems(idOrToken, paging.page, paging.pageSize);
  const cart = project.data;
  usePageTitle(cart?.project.name ?? fallbackHeading);

  // Removing the last item of the last page: show the page before it.
  const count = items.data?.count;
  const lastPage = Math.max(1, Math.ceil((count ?? 0) / paging.pageSize));
  if (count !== undefined && !items.isPlaceholderData && paging.page > lastPage) {
    setPaging({ ...paging, page: lastPage });
  }

  if (idOrToken === null || (isCurrentCart && isNotFound(project.error))) {
    return (
      <section aria-label={fallbackHeading}>
        <Heading>{fallbackHeading}</Heading>
        <EmptyProject guest={guest} />
      </section>
    );
  }
  if (isNotFound(project.error)) return <ProjectNotFound />;
  if (project.error) {
    return (
      <ErrorDisplay
        error={project.error}
        action={<Button onClick={() => void project.refetch()}>Retry</Button>}
      />
    );
  }

  const ordered = cart?.latest_order ?? null;
  const readOnly = ordered !== null || !cart;
  let main;
  if (items.error) {
    main = (
      <ErrorDisplay
        error={items.error}
        action={<Button onClick={() => void items.refetch()}>Retry</Button>}
      />
    );
  } else if (!cart || !items.data) {
    main = (
      <div role="status" aria-label="Loading items">
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (items.data.count === 0) {
    main = <EmptyProject guest={guest} />;
  } else {
    main = (
      <>
        <CartItemList cart={cart} items={items.data.results} readOnly={readOnly} />
        <div style={{ marginTop: 16 }}>
          <PaginationBar
            count={items.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onChange={(page, pageSize) => setPaging({ page, pageSize })}
          />
        </div>
      </>
    );
  }

  return (
    <section aria-label={cart?.project.name ?? fallbackHeading}>
      {cart ? (
        <>
          <Heading>{cart.project.name}</Heading>
          <Typography.Paragraph type="secondary">
            {CART_TEXT.projectId(cart.project.id)}
          </Typography.Paragraph>
        </>
      ) : (
        <div role="status" aria-label="Loading project">
          <Skeleton active paragraph={{ rows: 1 }} />
        </div>
      )}
      {ordered && <OrderedAlert order={ordered} />}
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          {main}
        </Col>
        <Col xs={24} lg={8}>
          <CartSummary
            totals={cart && items.data ? cart : undefined}
            checkoutHref={cart ? checkoutPath(cart.project.id, isCurrentCart) : '/checkout'}
            ordered={ordered !== null}
          />
        </Col>
      </Row>
    </section>
  );
}
