import type { ColumnType, Generated } from 'kysely';

type DateColumn = ColumnType<Date | string, Date | string, Date | string>;

/** Migration 0065: a royalty level's rates, each from a day (UTC) on. */
interface RoyaltyLevelRatesTable {
  id: Generated<number>;
  royalty_level_id: number;
  rate_bp: number;
  effective_from: DateColumn;
  created: Generated<Date>;
}

/** Migration 0066: 1099-NEC exports, who and when. */
interface TaxExportsTable {
  id: Generated<number>;
  year: number;
  kind: 'masked' | 'full_tin';
  row_count: number;
  created_by: number | null;
  created_by_email: string;
  created: Generated<Date>;
}

export interface RoyaltyTaxTables {
  royalty_level_rates: RoyaltyLevelRatesTable;
  tax_exports: TaxExportsTable;
}
