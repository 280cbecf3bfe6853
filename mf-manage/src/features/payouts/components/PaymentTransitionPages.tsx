import { Empty, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import type { ArtistPaymentStatusName, StatusTransition } from '@atelier/contracts';
import { ErrorDisplay } from '@atelier/ui';
import { LIST_IS_EMPTY } from '../../../shared/list-messages';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { usePaymentTransition, usePaymentTransitions } from '../api/payout-queries';
import { STATUS_WORDS, formatDate } from './payout-labels';
import { PAYOUTS_CSS } from './payouts-css';

const words = (status: string | null) =>
  status === null ? 'New' : (STATUS_WORDS[status as ArtistPaymentStatusName] ?? status);
const moveOf = (t: StatusTransition) => `${words(t.fromStatus)} → ${words(t.transitionTo)}`;

/** /manage/artist-payment/:id/status-transitions: every status change, oldest first. */
export function PaymentTransitionsPage() {
  const token = useParams().id ?? '';
  const list = usePaymentTransitions(token);
  const base = `/manage/artist-payment/${token}`;
  return (
    <section>
      <style>{MANAGE_CSS + PAYOUTS_CSS}</style>
      <ManageBreadcrumb
        type="artist-payment"
        trail={[{ title: 'Payment', href: base }, { title: 'Status transitions' }]}
      />
      <div className="mg-header">
        <Typography.Title level={1}>Status transitions</Typography.Title>
      </div>
      {list.isPending && <Skeleton active />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {list.isSuccess && list.data.results.length === 0 && <Empty description={LIST_IS_EMPTY} />}
      {list.isSuccess && list.data.results.length > 0 && (
        <ul className="mg-rows" aria-label="Status transitions">
          {list.data.results.map((t) => (
            <li key={t.token} className="mg-row">
              <Link to={`${base}/status-transitions/${t.token}`}>{moveOf(t)}</Link>
              {t.notes && <span className="mg-row-facts">{t.notes}</span>}
              <span className="mg-row-id">
                <time dateTime={t.createdOn}>{formatDate(t.createdOn)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /manage/artist-payment/:id/status-transitions/:stsToken: one status change. */
export function PaymentTransitionPage() {
  const params = useParams();
  const token = params.id ?? '';
  const stsToken = params.stsToken ?? '';
  const one = usePaymentTransition(token, stsToken);
  const base = `/manage/artist-payment/${token}`;
  return (
    <section>
      <style>{MANAGE_CSS + PAYOUTS_CSS}</style>
      <ManageBreadcrumb
        type="artist-payment"
        trail={[
          { title: 'Payment', href: base },
          { title: 'Status transitions', href: `${base}/status-transitions` },
          { title: 'Transition' },
        ]}
      />
      <div className="mg-header">
        <Typography.Title level={1}>
          {one.isSuccess ? moveOf(one.data) : 'Status transition'}
        </Typography.Title>
      </div>
      {one.isPending && <Skeleton active />}
      {one.isError && <ErrorDisplay error={one.error} />}
      {one.isSuccess && (
        <>
          <dl className="mg-facts mg-long">
            <div>
              <dt>From</dt>
              <dd>{words(one.data.fromStatus)}</dd>
            </div>
            <div>
              <dt>To</dt>
              <dd>{words(one.data.transitionTo)}</dd>
            </div>
            <div>
              <dt>When</dt>
              <dd>{new Date(one.data.createdOn).toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Notes</dt>
              <dd>{one.data.notes || '—'}</dd>
            </div>
            <div>
              <dt>Token</dt>
              <dd>{one.data.token}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
