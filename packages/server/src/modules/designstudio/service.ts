import {
  STATIC_SETS,
  type DesignStudioRequest,
  type DesignStudioResponse,
} from '@atelier/contracts';
import { fieldError } from '../../lib/errors';
import type { DesignStudioRepository } from './repository';

/** PostgreSQL integer ids: anything outside cannot exist. */
const MAX_ID = 2_147_483_647;

/** DRF's PrimaryKeyRelatedField message for an id that names nothing. */
const noSuchImage = (id: number): string => `Invalid pk "${id}" - object does not exist.`;

export interface DesignStudioService {
  /** add-static: the image joins a static set (staff only, checked by the route). */
  run(request: DesignStudioRequest): Promise<DesignStudioResponse>;
}

export function createDesignStudioService(repository: DesignStudioRepository): DesignStudioService {
  return {
    async run({ imagedata, collection }) {
      const id = typeof imagedata === 'number' ? imagedata : imagedata.id;
      const row = id <= MAX_ID ? await repository.addStaticSet(id, collection) : undefined;
      if (!row) throw fieldError('imagedata', noSuchImage(id));
      return {
        id: row.id,
        _static: STATIC_SETS.filter((set) => row.static_sets.includes(set)),
      };
    },
  };
}
