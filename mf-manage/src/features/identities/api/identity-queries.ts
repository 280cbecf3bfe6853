import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type {
  ArtistIdentity,
  Page,
  PaymentAccount,
  PaymentAccountType,
  StatusTransition,
} from '@atelier/contracts';

const IDENTITY_PATH = '/api/artist-identity/';

/** An identity, or one of its payout accounts: what a status change or its history is of. */
export interface StatusTarget {
  token: string;
  account?: { type: PaymentAccountType; id: string };
}

const seg = encodeURIComponent;
const identityPath = (token: string) => `${IDENTITY_PATH}${seg(token)}/`;
const accountsPath = (token: string, type: PaymentAccountType) => `${identityPath(token)}${type}/`;
/** The API path of the target itself (its status-transitions/ live below). */
const targetPath = ({ token, account }: StatusTarget) =>
  account ? `${accountsPath(token, account.type)}${seg(account.id)}/` : identityPath(token);
const transitionsPath = (target: StatusTarget) => `${targetPath(target)}status-transitions/`;

const identityKeys = {
  all: ['manage', 'artist-identity'] as const,
  list: (page: number, pageSize: number) => [...identityKeys.all, 'list', page, pageSize] as const,
  path: (path: string) => [...identityKeys.all, 'path', path] as const,
};

const identityListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: identityKeys.list(page, pageSize),
    queryFn: ({ signal }) =>
      api.get<Page<ArtistIdentity>>(IDENTITY_PATH, {
        params: { limit: pageSize, offset: (page - 1) * pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useIdentityList = (page: number, pageSize: number) =>
  useQuery(identityListQuery(page, pageSize));

/** Any GET under /api/artist-identity/, cached by its path. */
const pathQuery = <T>(path: string) =>
  queryOptions({
    queryKey: identityKeys.path(path),
    queryFn: ({ signal }) => api.get<T>(path, { signal }),
  });

export const useIdentity = (token: string) =>
  useQuery(pathQuery<ArtistIdentity>(identityPath(token)));
export const useAccounts = (token: string, type: PaymentAccountType) =>
  useQuery(pathQuery<Page<PaymentAccount>>(accountsPath(token, type)));
export const useAccount = (token: string, type: PaymentAccountType, id: string) =>
  useQuery(pathQuery<PaymentAccount>(targetPath({ token, account: { type, id } })));
export const useTransitions = (target: StatusTarget) =>
  useQuery(pathQuery<Page<StatusTransition>>(transitionsPath(target)));
export const useTransition = (target: StatusTarget, stsToken: string) =>
  useQuery(pathQuery<StatusTransition>(`${transitionsPath(target)}${seg(stsToken)}/`));

export interface StatusChange {
  transitionTo: string;
  notes?: string;
}

/** POST …/status-transitions/: staff move the status; the answer is the new transition. */
export function useChangeStatus(target: StatusTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) =>
      api.post<StatusTransition>(transitionsPath(target), change),
    // The target, its history, its identity's account lists and the identity list all moved.
    onSuccess: () => client.invalidateQueries({ queryKey: identityKeys.all }),
  });
}
