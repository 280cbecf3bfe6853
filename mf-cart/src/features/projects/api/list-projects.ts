import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cartApi, cartKeys, type ProjectListParams } from '@atelier/session';

const listProjects = cartApi.listProjects;

const projectsQuery = (params: ProjectListParams) =>
  queryOptions({
    queryKey: cartKeys.projects(params),
    queryFn: ({ signal }) => listProjects(params, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the signed-in user's projects (SPEC §7: GET /api/v2/projects/). */
export const useProjects = (params: ProjectListParams) => useQuery(projectsQuery(params));
