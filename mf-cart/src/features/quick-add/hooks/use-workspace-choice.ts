import { useState } from 'react';
import type { Workspace } from '@atelier/contracts';
import { useAuthStore, useCartStore, useCurrentCart } from '@atelier/session';
import { useMyWorkspaces } from '../api/get-my-workspaces';
import { WORKSPACE_SEARCH_DEBOUNCE_MS } from '../constants';
import { useDebouncedValue } from './use-debounced-value';

export interface WorkspaceChoice {
  /** Workspaces are offered to signed-in profiles only. */
  enabled: boolean;
  options: Workspace[];
  /** The chosen workspace, else the default (SPEC §5: the add waits for it). */
  workspace: Workspace | undefined;
  /** False while a workspace is needed and none is chosen yet. */
  ready: boolean;
  loading: boolean;
  error: unknown;
  setSearch(search: string): void;
}

/**
 * The workspace an add goes to: `chosen`, else the held cart's workspace that the
 * profile's current_workspace names, else the cart's first workspace.
 */
export function useWorkspaceChoice(chosen: Workspace | undefined): WorkspaceChoice {
  const user = useAuthStore((s) => s.user);
  const profile = useAuthStore((s) => s.profile);
  const token = useCartStore((s) => s.token);
  const enabled = Boolean(user && profile);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, WORKSPACE_SEARCH_DEBOUNCE_MS);
  const list = useMyWorkspaces(debounced, enabled);
  const cart = useCurrentCart();

  const cartWorkspaces = cart.data?.workspaces ?? [];
  const currentName = profile?.current_workspace?.name;
  const fallback =
    cartWorkspaces.find((workspace) => workspace.name === currentName) ?? cartWorkspaces[0];
  const workspace = enabled ? (chosen ?? fallback) : undefined;

  const listed = list.data?.results ?? [];
  const options =
    workspace && !listed.some((entry) => entry.id === workspace.id)
      ? [workspace, ...listed]
      : listed;

  // A held cart has a workspace to wait for, unless it cannot be read or has none at all.
  const nothingToChoose =
    cart.isSuccess && cartWorkspaces.length === 0 && !list.isPending && listed.length === 0;
  const needed = enabled && token !== null && !cart.isError && !nothingToChoose;

  return {
    enabled,
    options,
    workspace,
    ready: !needed || workspace !== undefined,
    loading: enabled && (list.isPending || (token !== null && cart.isPending)),
    error: list.error,
    setSearch,
  };
}
