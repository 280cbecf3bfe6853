import { Alert, Button, Result, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { isApiError } from '@atelier/api-client';
import { ErrorDisplay, usePageTitle } from '@atelier/ui';
import { useProject } from '../../../shared/api/get-project';
import { useCartItem } from '../api/find-cart-item';
import { CUSTOMIZE_TEXT } from '../constants';
import { CustomizeForm } from './CustomizeForm';
import { ResultHeading } from '../../../components/ResultHeading';

interface CustomizeScreenProps {
  /** The project's token: `?project=`, else the held cart; null when there is neither. */
  token: string | null;
  itemId: number;
  /** The held cart's token: customizing its item returns to /cart. */
  heldToken: string | null;
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

function NotFound() {
  return (
    <Result
      status="404"
      title={<ResultHeading>{CUSTOMIZE_TEXT.notFound}</ResultHeading>}
      subTitle={CUSTOMIZE_TEXT.notFoundDetail}
    />
  );
}

/** The customize page of a cart item (/art/design/:id). */
export function CustomizeScreen({ token, itemId, heldToken }: CustomizeScreenProps) {
  const project = useProject(token);
  const item = useCartItem(token, itemId);
  usePageTitle(item.data ? `${CUSTOMIZE_TEXT.title}: ${item.data.name}` : CUSTOMIZE_TEXT.title);

  if (token === null || !Number.isInteger(itemId)) return <NotFound />;
  const error = project.error ?? item.error;
  if (isNotFound(error)) return <NotFound />;
  if (error) {
    return (
      <ErrorDisplay
        error={error}
        action={
          <Button
            onClick={() => {
              void project.refetch();
              void item.refetch();
            }}
          >
            Retry
          </Button>
        }
      />
    );
  }
  if (!project.data || !item.data) {
    return (
      <div role="status" aria-label="Loading item">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }

  const cart = project.data;
  const backTo = cart.token === heldToken ? '/cart' : `/projects/${cart.project.id}`;
  return (
    <section aria-labelledby="customize-title">
      <Link to={backTo}>{CUSTOMIZE_TEXT.back}</Link>
      <Typography.Title id="customize-title" level={1} style={{ fontSize: 24, margin: '8px 0 0' }}>
        {item.data.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{item.data.config.artist}</Typography.Paragraph>
      {cart.latest_order && (
        <Alert type="info" showIcon title={CUSTOMIZE_TEXT.ordered} style={{ marginBottom: 16 }} />
      )}
      <CustomizeForm key={item.data.id} cart={cart} item={item.data} backTo={backTo} />
    </section>
  );
}
