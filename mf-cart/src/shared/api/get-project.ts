import { useQuery } from '@tanstack/react-query';
import { cartApi, cartQuery } from '@atelier/session';

export const getProject = cartApi.getProject;
export const projectQuery = cartQuery;

/** A project (cart) by id or token; idle while there is none. */
export function useProject(idOrToken: string | null) {
  return useQuery({ ...cartQuery(idOrToken ?? ''), enabled: idOrToken !== null });
}
