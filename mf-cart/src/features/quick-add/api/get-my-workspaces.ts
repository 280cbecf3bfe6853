import { queryOptions, useQuery } from '@tanstack/react-query';
import { cartApi } from '@atelier/session';
import { WORKSPACE_PAGE_SIZE } from '../constants';

const myWorkspacesQuery = (search: string) =>
  queryOptions({
    queryKey: ['workspaces', 'mine', search, WORKSPACE_PAGE_SIZE],
    queryFn: ({ signal }) => cartApi.myWorkspaces(search, WORKSPACE_PAGE_SIZE, signal),
  });

/** `GET /api/v2/myworkspaces/?search&page_size` (signed-in profiles only). */
export const useMyWorkspaces = (search: string, enabled: boolean) =>
  useQuery({ ...myWorkspacesQuery(search), enabled });
