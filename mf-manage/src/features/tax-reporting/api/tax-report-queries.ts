import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { TaxReportDetail, TaxReportPage } from '@atelier/contracts';

export const TAX_REPORTING_PATH = '/api/tax-reporting/';

export interface TaxReportParams {
  year: number;
  overThreshold: boolean;
  search: string;
  page: number;
  pageSize: number;
}

export const taxKeys = {
  all: ['manage', 'tax-reporting'] as const,
  report: (params: TaxReportParams) => [...taxKeys.all, 'report', params] as const,
  detail: (year: number, id: string) => [...taxKeys.all, 'detail', year, id] as const,
};

const taxReportQuery = (params: TaxReportParams) =>
  queryOptions({
    queryKey: taxKeys.report(params),
    queryFn: ({ signal }) =>
      api.get<TaxReportPage>(TAX_REPORTING_PATH, {
        params: {
          year: params.year,
          ...(params.overThreshold ? { over_threshold: 'true' } : {}),
          ...(params.search ? { search: params.search } : {}),
          limit: params.pageSize,
          offset: (params.page - 1) * params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const taxDetailQuery = (year: number, id: string) =>
  queryOptions({
    queryKey: taxKeys.detail(year, id),
    queryFn: ({ signal }) =>
      api.get<TaxReportDetail>(`${TAX_REPORTING_PATH}${encodeURIComponent(id)}/`, {
        params: { year },
        signal,
      }),
  });

export const useTaxReport = (params: TaxReportParams) => useQuery(taxReportQuery(params));
export const useTaxDetail = (year: number, id: string) => useQuery(taxDetailQuery(year, id));
