import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type {
  ArtistPayment,
  Page,
  PaymentDue,
  PaymentDueDetail,
  PayoutLine,
  PayoutPreview,
  PayoutRunSummary,
  PayoutRunResult,
  StatusTransition,
} from '@atelier/contracts';

export interface PageParams {
  search?: string;
  page: number;
  pageSize: number;
}

const pageParams = (params: PageParams) => ({
  ...(params.search ? { search: params.search } : {}),
  page: params.page,
  page_size: params.pageSize,
});
const limitOffset = (params: PageParams) => ({
  limit: params.pageSize,
  offset: (params.page - 1) * params.pageSize,
});

const KEY = ['manage', 'payouts'] as const;

const paymentsDueQuery = (params: PageParams) =>
  queryOptions({
    queryKey: [...KEY, 'due', params],
    queryFn: ({ signal }) =>
      api.get<Page<PaymentDue>>('/api/payment-due/', { params: pageParams(params), signal }),
    placeholderData: keepPreviousData,
  });
export const usePaymentsDue = (params: PageParams) => useQuery(paymentsDueQuery(params));

const paymentDueQuery = (id: string, params: PageParams) =>
  queryOptions({
    queryKey: [...KEY, 'due', id, params],
    queryFn: ({ signal }) =>
      api.get<PaymentDueDetail>(`/api/payment-due/${encodeURIComponent(id)}/`, {
        params: limitOffset(params),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const usePaymentDue = (id: string, params: PageParams) =>
  useQuery(paymentDueQuery(id, params));

const payoutPreviewQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'preview'],
    queryFn: ({ signal }) => api.get<PayoutPreview>('/api/payout-run/preview/', { signal }),
  });
export const usePayoutPreview = (enabled = true) => useQuery({ ...payoutPreviewQuery(), enabled });

/** Executes a run; every payouts screen is stale afterwards. */
export function useExecuteRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PayoutRunResult>('/api/payout-run/', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Past payout runs, newest first (without their payments). */
const payoutRunsQuery = (params: PageParams) =>
  queryOptions({
    queryKey: [...KEY, 'runs', params],
    queryFn: ({ signal }) =>
      api.get<Page<PayoutRunSummary>>('/api/payout-run/', { params: limitOffset(params), signal }),
    placeholderData: keepPreviousData,
  });
export const usePayoutRuns = (params: PageParams) => useQuery(payoutRunsQuery(params));

const artistPaymentsQuery = (params: PageParams & { status?: string }) =>
  queryOptions({
    queryKey: [...KEY, 'payments', params],
    queryFn: ({ signal }) =>
      api.get<Page<ArtistPayment>>('/api/artist-payment/', {
        params: { ...pageParams(params), ...(params.status ? { status: params.status } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useArtistPayments = (params: PageParams & { status?: string }) =>
  useQuery(artistPaymentsQuery(params));

const paymentPath = (token: string) => `/api/artist-payment/${encodeURIComponent(token)}/`;

const artistPaymentQuery = (token: string) =>
  queryOptions({
    queryKey: [...KEY, 'payment', token],
    queryFn: ({ signal }) => api.get<ArtistPayment>(paymentPath(token), { signal }),
  });
export const useArtistPayment = (token: string) => useQuery(artistPaymentQuery(token));

const paymentLinesQuery = (token: string, params: PageParams) =>
  queryOptions({
    queryKey: [...KEY, 'payment', token, 'lines', params],
    queryFn: ({ signal }) =>
      api.get<Page<PayoutLine>>(`${paymentPath(token)}lines/`, {
        params: limitOffset(params),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const usePaymentLines = (token: string, params: PageParams) =>
  useQuery(paymentLinesQuery(token, params));

const paymentTransitionsQuery = (token: string) =>
  queryOptions({
    queryKey: [...KEY, 'payment', token, 'transitions'],
    queryFn: ({ signal }) =>
      api.get<Page<StatusTransition>>(`${paymentPath(token)}status-transitions/`, { signal }),
  });
export const usePaymentTransitions = (token: string) => useQuery(paymentTransitionsQuery(token));

const paymentTransitionQuery = (token: string, stsToken: string) =>
  queryOptions({
    queryKey: [...KEY, 'payment', token, 'transitions', stsToken],
    queryFn: ({ signal }) =>
      api.get<StatusTransition>(
        `${paymentPath(token)}status-transitions/${encodeURIComponent(stsToken)}/`,
        { signal },
      ),
  });
export const usePaymentTransition = (token: string, stsToken: string) =>
  useQuery(paymentTransitionQuery(token, stsToken));

/** Staff record a payment's new status (COMPLETED, FAILED, RETURNED) with notes. */
export function useChangePaymentStatus(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { transitionTo: string; notes: string }) =>
      api.post<StatusTransition>(`${paymentPath(token)}status-transitions/`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Pays a released payment's lines again; answers the new payment. */
export function useReissuePayment(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ArtistPayment>(`${paymentPath(token)}reissue/`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Downloads a run's bank-transfer file (CSV) through the authenticated client. */
export async function downloadBankFile(run: { token: string; bank_file: string | null }) {
  if (!run.bank_file) return;
  const csv = await api.get<string>(run.bank_file);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `atelier-payout-${run.token}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
