import { Empty, Result, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  PAYMENT_ACCOUNT_TYPES,
  type ArtistIdentity,
  type PaymentAccount,
  type PaymentAccountType,
} from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { formatDateTime } from '../../../shared/application-labels';
import {
  useAccount,
  useAccounts,
  useIdentity,
  useIdentityList,
  useTransition,
  type StatusTarget,
} from '../api/identity-queries';
import {
  ACCOUNT_TYPE_LABELS,
  accountKey,
  accountStatuses,
  IDENTITIES_TITLE,
  IDENTITY_TYPE,
  identityName,
  identityStatuses,
  isAccountType,
  statusColour,
  statusLabel,
  transitionLabel,
} from './identity-labels';
import { StatusChangeForm } from './StatusChangeForm';
import { TransitionList } from './TransitionList';

const DEFAULT_PAGE_SIZE = 20;
const manageIdentity = (token: string) => `/manage/${IDENTITY_TYPE}/${token}`;
const manageAccount = (token: string, type: PaymentAccountType, id: string) =>
  `${manageIdentity(token)}/${type}/${id}`;

function StatusTag({ status }: { status: string }) {
  return <Tag color={statusColour(status)}>{statusLabel(status)}</Tag>;
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="mg-facts" aria-label="Details">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Page({
  trail,
  kind,
  title,
  status,
  children,
}: {
  trail: { title: ReactNode; href?: string }[];
  kind: string;
  title: string;
  status?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section>
      <style>{MANAGE_CSS}</style>
      <ManageBreadcrumb type={IDENTITY_TYPE} trail={trail} />
      <div className="mg-header">
        <div>
          <Typography.Text type="secondary">{kind}</Typography.Text>
          <Typography.Title level={1}>{title}</Typography.Title>
        </div>
        {status && <StatusTag status={status} />}
      </div>
      {children}
    </section>
  );
}

/** The breadcrumb trail of an identity, named once it has loaded. */
function useIdentityTrail(token: string, last = false) {
  const identity = useIdentity(token);
  const name = identity.data ? identityName(identity.data) : token;
  return { identity, trail: [{ title: name, ...(last ? {} : { href: manageIdentity(token) }) }] };
}

/** /manage/artist-identity: payee identities, newest first. */
export function IdentityListPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(params.get('page_size')) || DEFAULT_PAGE_SIZE;
  const list = useIdentityList(page, pageSize);
  return (
    <section>
      <style>{MANAGE_CSS}</style>
      <ManageBreadcrumb type={IDENTITY_TYPE} />
      <div className="mg-header">
        <Typography.Title level={1}>{IDENTITIES_TITLE}</Typography.Title>
      </div>
      {list.isPending && <Skeleton active />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {list.isSuccess &&
        (list.data.results.length === 0 ? (
          <Empty description="List is empty" />
        ) : (
          <>
            <ul className="mg-rows" aria-label={IDENTITIES_TITLE}>
              {list.data.results.map((identity) => (
                <IdentityRow key={identity.token} identity={identity} />
              ))}
            </ul>
            <PaginationBar
              count={list.data.count}
              page={page}
              pageSize={pageSize}
              onChange={(next, size) => setParams({ page: String(next), page_size: String(size) })}
              formatCount={(count) => `${count} identit${count === 1 ? 'y' : 'ies'}`}
            />
          </>
        ))}
    </section>
  );
}

function IdentityRow({ identity }: { identity: ArtistIdentity }) {
  const person = [identity.firstName, identity.lastName].filter(Boolean).join(' ');
  return (
    <li className="mg-row">
      <Link to={manageIdentity(identity.token)}>{identityName(identity)}</Link>
      <StatusTag status={identity.status} />
      {identity.businessName && person && <span className="mg-row-facts">{person}</span>}
      <span className="mg-row-facts">{identity.email}</span>
      <span className="mg-row-facts">Created {formatDateTime(identity.createdOn)}</span>
    </li>
  );
}

function AccountRows({ token, accounts }: { token: string; accounts: readonly PaymentAccount[] }) {
  if (accounts.length === 0) return <Empty description="List is empty" />;
  return (
    <ul className="mg-rows" aria-label="Accounts">
      {accounts.map((account) => (
        <li key={account.token} className="mg-row">
          <Link to={manageAccount(token, account.type, account.token)}>{accountKey(account)}</Link>
          {account.default && <Tag color="blue">Default</Tag>}
          <StatusTag status={account.status} />
          <span className="mg-row-facts">Created {formatDateTime(account.createdOn)}</span>
        </li>
      ))}
    </ul>
  );
}

function AccountsOfType({ token, type }: { token: string; type: PaymentAccountType }) {
  const accounts = useAccounts(token, type);
  return (
    <section aria-label={ACCOUNT_TYPE_LABELS[type]}>
      <h3 className="mg-section-title">
        <Link to={`${manageIdentity(token)}/${type}`}>{ACCOUNT_TYPE_LABELS[type]}</Link>
      </h3>
      {accounts.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {accounts.isError && <ErrorDisplay error={accounts.error} />}
      {accounts.isSuccess && <AccountRows token={token} accounts={accounts.data.results} />}
    </section>
  );
}

/** /manage/artist-identity/:token: the identity, its payout accounts by type, its history. */
export function IdentityDetailPage() {
  const token = useParams().token ?? '';
  const { identity, trail } = useIdentityTrail(token, true);
  const data = identity.data;
  const target: StatusTarget = { token };
  return (
    <Page
      trail={trail}
      kind="Artist identity"
      title={data ? identityName(data) : token}
      status={data?.status}
    >
      {identity.isPending && <Skeleton active />}
      {identity.isError && <ErrorDisplay error={identity.error} />}
      {data && (
        <>
          <Facts
            facts={[
              ['Business name', data.businessName],
              ['First name', data.firstName],
              ['Last name', data.lastName],
              ['Email', data.email],
              ['Created', formatDateTime(data.createdOn)],
              ['Token', data.token],
            ]}
          />
          <h2 className="mg-section-title">Payout accounts</h2>
          {PAYMENT_ACCOUNT_TYPES.map((type) => (
            <AccountsOfType key={type} token={token} type={type} />
          ))}
          <h2 className="mg-section-title">Change status</h2>
          <StatusChangeForm target={target} current={data.status} statuses={identityStatuses} />
          <h2 className="mg-section-title">
            <Link to={`${manageIdentity(token)}/status-transitions`}>Status transitions</Link>
          </h2>
          <TransitionList target={target} manageBase={manageIdentity(token)} />
        </>
      )}
    </Page>
  );
}

/** A path whose type is no payout account type (SPEC §8 Route not found), in the manage column. */
function NotAType() {
  return (
    <Page trail={[{ title: 'Not found' }]} kind="Artist identity" title="404 Not Found">
      <Result status="404" title="No such payout account type." />
    </Page>
  );
}

export const ARTIST_MANAGED =
  'Artists enter their payee details and payout accounts themselves, in onboarding; staff cannot create or edit them here. Staff change a status on the detail page.';

/**
 * SPEC §2 new and edit routes of identities and accounts: the server offers staff no create
 * or edit (the artist's own details), so the screen says so and links to what staff can do.
 */
export function ArtistManagedPage({ mode }: { mode: 'new' | 'edit' }) {
  const { token = '', type, id } = useParams();
  const accountType = isAccountType(type) ? type : null;
  const { trail } = useIdentityTrail(token);
  const what = accountType ? ACCOUNT_TYPE_LABELS[accountType].replace(/s$/, '') : 'Artist Identity';
  const back = accountType
    ? id
      ? manageAccount(token, accountType, id)
      : `${manageIdentity(token)}/${accountType}`
    : token
      ? manageIdentity(token)
      : `/manage/${IDENTITY_TYPE}`;
  return (
    <Page
      trail={token ? [...trail, { title: mode === 'new' ? 'New' : 'Edit' }] : [{ title: 'New' }]}
      kind={what}
      title={`${mode === 'new' ? 'New' : 'Edit'} ${what.toLowerCase()}`}
    >
      <Result status="info" title={ARTIST_MANAGED} extra={<Link to={back}>Back</Link>} />
    </Page>
  );
}

/** /manage/artist-identity/:token/:type: the identity's accounts of one type. */
export function AccountListPage() {
  const { token = '', type } = useParams();
  const { trail } = useIdentityTrail(token);
  if (!isAccountType(type)) return <NotAType />;
  return (
    <Page
      trail={[...trail, { title: ACCOUNT_TYPE_LABELS[type] }]}
      kind="Payout accounts"
      title={ACCOUNT_TYPE_LABELS[type]}
    >
      <AccountsOfTypeBody token={token} type={type} />
    </Page>
  );
}

function AccountsOfTypeBody({ token, type }: { token: string; type: PaymentAccountType }) {
  const accounts = useAccounts(token, type);
  if (accounts.isPending) return <Skeleton active />;
  if (accounts.isError) return <ErrorDisplay error={accounts.error} />;
  return <AccountRows token={token} accounts={accounts.data.results} />;
}

/** /manage/artist-identity/:token/:type/:id: one payout account, its status and history. */
export function AccountDetailPage() {
  const { token = '', type, id = '' } = useParams();
  if (!isAccountType(type)) return <NotAType />;
  return <AccountDetail token={token} type={type} id={id} />;
}

function AccountDetail({
  token,
  type,
  id,
}: {
  token: string;
  type: PaymentAccountType;
  id: string;
}) {
  const { trail } = useIdentityTrail(token);
  const account = useAccount(token, type, id);
  const data = account.data;
  const target: StatusTarget = { token, account: { type, id } };
  const base = manageAccount(token, type, id);
  return (
    <Page
      trail={[
        ...trail,
        { title: ACCOUNT_TYPE_LABELS[type], href: `${manageIdentity(token)}/${type}` },
        { title: data ? accountKey(data) : id },
      ]}
      kind={ACCOUNT_TYPE_LABELS[type].replace(/s$/, '')}
      title={data ? accountKey(data) : id}
      status={data?.status}
    >
      {account.isPending && <Skeleton active />}
      {account.isError && <ErrorDisplay error={account.error} />}
      {data && (
        <>
          <Facts
            facts={[
              ['Default', data.default ? 'Yes: payouts go here' : 'No'],
              ...(data.bankName !== undefined
                ? [['Account holder', data.bankName] as [string, string]]
                : []),
              ...(data.country !== undefined
                ? [['Country', data.country] as [string, string]]
                : []),
              ...(data.routingNumber !== undefined
                ? [['Routing number', data.routingNumber] as [string, string]]
                : []),
              ['Created', formatDateTime(data.createdOn)],
              ['Token', data.token],
            ]}
          />
          <h2 className="mg-section-title">Change status</h2>
          <StatusChangeForm target={target} current={data.status} statuses={accountStatuses} />
          <h2 className="mg-section-title">
            <Link to={`${base}/status-transitions`}>Status transitions</Link>
          </h2>
          <TransitionList target={target} manageBase={base} />
        </>
      )}
    </Page>
  );
}

/** The target of a status-transitions route: the identity, or one of its accounts. */
function useTarget(): { target: StatusTarget; base: string; valid: boolean } {
  const { token = '', type, id } = useParams();
  if (type === undefined || id === undefined) {
    return { target: { token }, base: manageIdentity(token), valid: true };
  }
  if (!isAccountType(type)) return { target: { token }, base: '', valid: false };
  return {
    target: { token, account: { type, id } },
    base: manageAccount(token, type, id),
    valid: true,
  };
}

function targetTrail(
  target: StatusTarget,
  base: string,
  trail: { title: ReactNode; href?: string }[],
) {
  if (!target.account) return trail;
  return [
    ...trail,
    {
      title: ACCOUNT_TYPE_LABELS[target.account.type],
      href: `${manageIdentity(target.token)}/${target.account.type}`,
    },
    { title: target.account.id, href: base },
  ];
}

/** …/status-transitions: the whole status history of an identity or an account. */
export function TransitionListPage() {
  const { target, base, valid } = useTarget();
  const { trail } = useIdentityTrail(target.token);
  if (!valid) return <NotAType />;
  return (
    <Page
      trail={[...targetTrail(target, base, trail), { title: 'Status transitions' }]}
      kind={target.account ? 'Payout account' : 'Artist identity'}
      title="Status transitions"
    >
      <TransitionList target={target} manageBase={base} />
    </Page>
  );
}

/** …/status-transitions/:stsToken: one recorded status change. */
export function TransitionDetailPage() {
  const { target, base, valid } = useTarget();
  const stsToken = useParams().stsToken ?? '';
  const { trail } = useIdentityTrail(target.token);
  const transition = useTransition(target, stsToken);
  if (!valid) return <NotAType />;
  const data = transition.data;
  return (
    <Page
      trail={[
        ...targetTrail(target, base, trail),
        { title: 'Status transitions', href: `${base}/status-transitions` },
        { title: stsToken },
      ]}
      kind="Status transition"
      title={data ? transitionLabel(data) : stsToken}
      status={data?.transitionTo}
    >
      {transition.isPending && <Skeleton active />}
      {transition.isError && <ErrorDisplay error={transition.error} />}
      {data && (
        <Facts
          facts={[
            ['From', statusLabel(data.fromStatus)],
            ['To', statusLabel(data.transitionTo)],
            ['Notes', data.notes],
            ['When', formatDateTime(data.createdOn)],
            ['Token', data.token],
          ]}
        />
      )}
    </Page>
  );
}
