import { useQuery } from '@tanstack/react-query';
import { cartQuery } from '@atelier/session';

/** A project (cart) by id or token; idle while there is none. */
export function useProject(idOrToken: string | null) {
  return useQuery({ ...cartQuery(idOrToken ?? ''), enabled: idOrToken !== null });
}
