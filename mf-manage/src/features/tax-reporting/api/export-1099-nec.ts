import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import { TAX_REPORTING_PATH, taxKeys } from './tax-report-queries';

const csvFileName = (year: number, fullTin: boolean) =>
  `1099-nec-${year}${fullTin ? '-full-tin' : ''}.csv`;

/** The year's 1099-NEC CSV: TINs masked, or (recorded on the server) whole. */
const export1099Nec = (year: number, fullTin: boolean): Promise<string> =>
  fullTin
    ? api.post<string>(`${TAX_REPORTING_PATH}1099-nec/full-tin/`, { year, confirm: true })
    : api.get<string>(`${TAX_REPORTING_PATH}1099-nec/`, { params: { year } });

/** Hands the browser a file to save (a download link of the text, clicked once). */
function saveTextFile(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Exports and saves the CSV; the export log of the year is read again afterwards. */
export function useExport1099Nec() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ year, fullTin }: { year: number; fullTin: boolean }) => {
      const csv = await export1099Nec(year, fullTin);
      saveTextFile(csvFileName(year, fullTin), csv);
    },
    onSettled: () => client.invalidateQueries({ queryKey: taxKeys.all }),
  });
}
