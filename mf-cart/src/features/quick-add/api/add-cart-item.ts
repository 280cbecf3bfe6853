import type { AddItemRequest, AddItemResponse, Workspace } from '@atelier/contracts';
import { cartActions, cartApi, useCartStore } from '@atelier/session';

export interface AddCartItemVariables {
  /** The request without `workspace_id`: that follows from `workspace` and the cart. */
  body: Omit<AddItemRequest, 'workspace_id'>;
  /** The chosen workspace (signed-in profiles); it may belong to another project. */
  workspace?: Workspace | undefined;
  /** A guest's email, for the cart the first add creates (SPEC §4 cart creation). */
  email?: string | undefined;
}

export interface AddCartItemResult {
  item: AddItemResponse;
  /** Whether the item went to the held cart (else to another of the user's projects). */
  toCurrentCart: boolean;
  /** The project it went to, when that is not the held cart. */
  otherProject: Workspace['project'] | null;
}

/**
 * `POST /api/v2/projects/{token}/items/`. A workspace of another project adds to that
 * project; otherwise to the held cart, made on the first add (`cartActions.ensureCart`).
 */
export async function addCartItem({
  body,
  workspace,
  email,
}: AddCartItemVariables): Promise<AddCartItemResult> {
  const held = useCartStore.getState().token;
  const otherProject = workspace && workspace.project.token !== held ? workspace.project : null;
  let token: string;
  let workspaceId: number | null = workspace?.id ?? null;
  if (otherProject) {
    token = otherProject.token;
  } else {
    const cart = await cartActions.ensureCart(email ? { email } : {});
    token = cart.token;
    // The held cart was ordered and a new one was made: its workspace is not this one.
    if (workspace && workspace.project.token !== cart.token) workspaceId = null;
  }
  const item = await cartApi.addItem(token, { ...body, workspace_id: workspaceId });
  return {
    item,
    toCurrentCart: item.project_token === useCartStore.getState().token,
    otherProject: otherProject && otherProject.token === item.project_token ? otherProject : null,
  };
}
