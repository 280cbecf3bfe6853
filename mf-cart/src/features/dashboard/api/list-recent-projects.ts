import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Page, ProjectListEntry } from '@atelier/contracts';
import { DASHBOARD_LIMITS } from '../messages';

/** The signed-in user's newest projects. */
const listRecentProjects = (signal?: AbortSignal) =>
  api.get<Page<ProjectListEntry>>('/api/v2/projects/', {
    params: { page_size: DASHBOARD_LIMITS.projects },
    signal,
  });

const recentProjectsQuery = () =>
  queryOptions({
    queryKey: ['projects', 'list', { page_size: DASHBOARD_LIMITS.projects }],
    queryFn: ({ signal }) => listRecentProjects(signal),
  });

export const useRecentProjects = () => useQuery(recentProjectsQuery());
