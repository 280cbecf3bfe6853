import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type {
  Payee,
  PayeeBody,
  PaymentAccountBody,
  RoyaltyAgreement,
  TaxFormBody,
  TaxFormView,
} from '@atelier/contracts';
import { refreshProfile } from '../../../lib/refresh-profile';

export const ONBOARDING_PATHS = {
  royalty: '/api/artist-onboarding/royalty/',
  tax: '/api/artist-onboarding/tax/',
  payee: '/api/artist-payee/',
  accounts: '/api/artist-payee/accounts/',
} as const;

const onboardingKeys = {
  royalty: ['artist-onboarding', 'royalty'] as const,
  tax: ['artist-onboarding', 'tax'] as const,
  payee: ['artist-onboarding', 'payee'] as const,
};

const royaltyQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.royalty,
    queryFn: ({ signal }) => api.get<RoyaltyAgreement>(ONBOARDING_PATHS.royalty, { signal }),
  });
export const useRoyalty = () => useQuery(royaltyQuery());

const taxQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.tax,
    queryFn: ({ signal }) => api.get<TaxFormView | null>(ONBOARDING_PATHS.tax, { signal }),
  });
export const useTaxForm = () => useQuery(taxQuery());

const payeeQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.payee,
    queryFn: ({ signal }) => api.get<Payee>(ONBOARDING_PATHS.payee, { signal }),
  });
export const usePayee = () => useQuery(payeeQuery());

/** A step's save: the answer replaces the cached data, then the profile's stage is re-read. */
function useStepMutation<Input, Output>(
  key: readonly string[],
  send: (input: Input) => Promise<Output>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (data) => {
      client.setQueryData(key, data);
      await refreshProfile();
    },
  });
}

export const useAcceptRoyalty = () =>
  useStepMutation(onboardingKeys.royalty, (version: string) =>
    api.post<RoyaltyAgreement>(ONBOARDING_PATHS.royalty, { accept: true, version }),
  );

export const useSaveTaxForm = () =>
  useStepMutation(onboardingKeys.tax, (body: TaxFormBody) =>
    api.put<TaxFormView>(ONBOARDING_PATHS.tax, body),
  );

export const useSavePayee = () =>
  useStepMutation(onboardingKeys.payee, (body: PayeeBody) =>
    api.put<Payee>(ONBOARDING_PATHS.payee, body),
  );

export const useAddAccount = () =>
  useStepMutation(onboardingKeys.payee, (body: PaymentAccountBody) =>
    api.post<Payee>(ONBOARDING_PATHS.accounts, body),
  );

export const useMakeDefault = () =>
  useStepMutation(onboardingKeys.payee, (token: string) =>
    api.post<Payee>(`${ONBOARDING_PATHS.accounts}${token}/default/`),
  );

export const useRemoveAccount = () =>
  useStepMutation(onboardingKeys.payee, (token: string) =>
    api.delete<Payee>(`${ONBOARDING_PATHS.accounts}${token}/`),
  );
