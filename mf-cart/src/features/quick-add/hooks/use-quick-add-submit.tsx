import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AddItemRequest, Cart, Image, Workspace } from '@atelier/contracts';
import {
  cartKeys,
  pushEvent,
  useAuthStore,
  useCartStore,
  usePreferencesStore,
} from '@atelier/session';
import { addCartItem } from '../api/add-cart-item';
import { markPopular } from '../api/mark-popular';
import { ProjectToast } from '../components/ProjectToast';
import { ADDED_TO_CART, CART_REFRESH_MS, customizePath } from '../constants';
import { isCancelled } from './use-promise-modal';

export interface QuickAddInput {
  action: 'add' | 'open';
  size: AddItemRequest['size'];
  substrate: AddItemRequest['substrate'];
  workspace?: Workspace | undefined;
  /** Staff only. */
  quantity?: number | undefined;
  location?: string | undefined;
}

/**
 * The email a new cart needs (SPEC §4, §5): none for a signed-in profile or a held cart
 * that can still take items; else the user's or the held guest cart's, else asked for.
 */
function knownEmail(cart: Cart | undefined): { needed: boolean; email?: string } {
  const { user, profile } = useAuthStore.getState();
  if (user && profile) return { needed: false };
  const token = useCartStore.getState().token;
  if (token && !cart?.latest_order) return { needed: false };
  const email = user?.email || cart?.guest_email || undefined;
  return email ? { needed: true, email } : { needed: true };
}

/** SPEC §4 quick add action: add or open, with everything that follows each. */
export function useQuickAddSubmit(image: Pick<Image, 'id'>, promptEmail: () => Promise<string>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const hereRef = useRef(here);
  const mounted = useRef(false);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutation = useMutation({ mutationFn: addCartItem });
  const { mutateAsync, reset } = mutation;

  const submit = useCallback(
    async (input: QuickAddInput): Promise<void> => {
      reset();
      const before = hereRef.current;
      const token = useCartStore.getState().token;
      const held = token ? queryClient.getQueryData<Cart>(cartKeys.project(token)) : undefined;
      const known = knownEmail(held);
      let email = known.email;
      if (known.needed && !email) {
        try {
          email = await promptEmail();
        } catch (error) {
          if (isCancelled(error)) return;
          throw error;
        }
      }
      const body: Omit<AddItemRequest, 'workspace_id'> = {
        imagedata: image.id,
        size: input.size,
        substrate: input.substrate,
        action: input.action,
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.location ? { location: input.location } : {}),
      };
      let result: Awaited<ReturnType<typeof addCartItem>>;
      try {
        result = await mutateAsync({ body, workspace: input.workspace, email });
      } catch {
        return; // mutation.error shows it (SPEC §8 add or open failure)
      }
      const { item, toCurrentCart, otherProject } = result;
      pushEvent({
        event: 'add_to_cart',
        action: input.action,
        image_id: image.id,
        item_id: item.id,
        project_token: item.project_token,
        substrate: item.config.substrate,
        width: item.config.width,
        height: item.config.height,
        quantity: item.quantity,
        unit_price: item.unit_price,
        currency: 'USD',
      });
      // Popularity is a nicety: a failure must not spoil the add.
      markPopular(image.id).catch(() => undefined);
      const cartKey = cartKeys.project(item.project_token);
      if (!toCurrentCart) {
        void queryClient.invalidateQueries({ queryKey: cartKey });
      } else if (usePreferencesStore.getState().cartRefresh) {
        // Not cleared on unmount: the cart should catch up even when the panel closed.
        setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: cartKey }),
          CART_REFRESH_MS,
        );
      }
      if (input.action === 'add') {
        if (otherProject && !toCurrentCart) {
          message.success(
            <ProjectToast project={otherProject} onOpen={(path) => navigate(path)} />,
          );
        } else {
          message.success(ADDED_TO_CART);
        }
        return;
      }
      // SPEC §4: open goes to the customize page, unless the user has navigated away.
      if (mounted.current && hereRef.current === before) {
        navigate(customizePath(item.id, item.project_token));
      }
    },
    [image.id, message, mutateAsync, navigate, promptEmail, queryClient, reset],
  );

  return { submit, busy: mutation.isPending, error: mutation.error, clearError: reset };
}
