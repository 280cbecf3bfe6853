import {
  authError,
  detailError,
  fullTinExportBody,
  taxReportDetail,
  taxReportPage,
  taxYearParam,
  validationError,
} from '@atelier/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { SEARCH_MAX_LENGTH } from '../../lib/list-query';
import { booleanFilter, idParams, limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import { requireStaff } from '../../plugins/auth';
import { csvFileName, form1099Csv } from './csv';
import { defaultTaxYear, type TaxReportingService } from './service';

const TAGS = ['tax reporting'];
const errors = { 400: validationError, 401: authError, 403: authError, 404: detailError };
const yearQuery = z.object({ year: taxYearParam.optional() });
const csvAnswer = z.string().describe('text/csv: the 1099-NEC rows');

function sendCsv(reply: FastifyReply, year: number, fullTin: boolean, csv: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${csvFileName(year, fullTin)}"`)
    .type('text/csv; charset=utf-8')
    .send(Buffer.from(csv, 'utf8'));
}

/** Staff: tax reporting per calendar year (docs/royalty-levels-and-tax.md). */
export const taxReportingRoutes: FastifyPluginAsyncZod<{ tax: TaxReportingService }> = async (
  app,
  { tax },
) => {
  app.get(
    '/api/tax-reporting/',
    {
      config: { access: 'staff' },
      schema: {
        summary:
          "Staff: each artist's COMPLETED payments in a calendar year (UTC), against the year's 1099-NEC threshold",
        tags: TAGS,
        querystring: limitOffset(50, 1000).extend({
          year: taxYearParam.optional(),
          over_threshold: booleanFilter(),
          search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
        }),
        response: { 200: taxReportPage, ...errors },
      },
    },
    async (request) => {
      const { limit, offset, over_threshold, search } = request.query;
      const year = request.query.year ?? defaultTaxYear();
      const report = await tax.report(
        year,
        { overThreshold: over_threshold, search: search || undefined },
        { limit, offset },
      );
      return { ...report, ...pageLinks(request, { count: report.count, limit, offset }) };
    },
  );

  app.get(
    '/api/tax-reporting/1099-nec/',
    {
      config: { access: 'staff' },
      schema: {
        summary:
          "Staff: the year's 1099-NEC rows as CSV (W-9 payees over the threshold), TINs masked; recorded",
        tags: TAGS,
        querystring: yearQuery,
        produces: ['text/csv'],
        response: { 200: csvAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const year = request.query.year ?? defaultTaxYear();
      const rows = await tax.form1099Rows(year, requireStaff(request), false);
      return sendCsv(reply, year, false, form1099Csv(rows));
    },
  );

  app.post(
    '/api/tax-reporting/1099-nec/full-tin/',
    {
      config: { access: 'staff' },
      schema: {
        summary:
          "Staff: the year's 1099-NEC rows with whole TINs, for filing; who and when is recorded",
        tags: TAGS,
        body: fullTinExportBody,
        produces: ['text/csv'],
        response: { 200: csvAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { year } = request.body;
      const rows = await tax.form1099Rows(year, requireStaff(request), true);
      return sendCsv(reply, year, true, form1099Csv(rows));
    },
  );

  app.get(
    '/api/tax-reporting/:id/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: one artist's payments in a calendar year and its tax form on file",
        tags: TAGS,
        params: idParams,
        querystring: yearQuery,
        response: { 200: taxReportDetail, ...errors },
      },
    },
    async (request) => {
      const year = request.query.year ?? defaultTaxYear();
      const detail = await tax.detail(year, request.params.id);
      if (!detail) throw notFound();
      return detail;
    },
  );
};
