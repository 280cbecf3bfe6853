import type { Substrate, Workspace } from '@atelier/contracts';
import { QUANTITY_MIN } from '../constants';

/** What the Quick Add form holds; unset choices fall back to SPEC §5's defaults. */
export interface QuickAddValues {
  substrate: Substrate | undefined;
  sizeKey: string | undefined;
  workspace: Workspace | undefined;
  /** Staff only. */
  quantity: number;
  /** Staff only: plain text. */
  location: string;
}

export const DEFAULT_VALUES: QuickAddValues = {
  substrate: undefined,
  sizeKey: undefined,
  workspace: undefined,
  quantity: QUANTITY_MIN,
  location: '',
};
