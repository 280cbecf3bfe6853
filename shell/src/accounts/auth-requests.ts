import { api } from '@atelier/api-client';
import { useAuthStore, useCartStore } from '@atelier/session';

interface TokenPair {
  access: string;
  refresh: string;
}

/** djoser + simplejwt calls of SPEC §7 (Auth API). */
export const authRequests = {
  createToken: (email: string, password: string) =>
    api.post<TokenPair>('/auth/jwt/create/', { email, password }),
  register: (email: string, password: string) => api.post('/auth/users/', { email, password }),
  requestReset: (email: string) => api.post('/auth/users/reset_password/', { email }),
  confirmReset: (uid: string, token: string, new_password: string) =>
    api.post('/auth/users/reset_password_confirm/', { uid, token, new_password }),
  /** Signs out here whatever the server answers; a server failure is still reported. */
  signOut: async () => {
    try {
      await api.get('/accounts/signout-no-redirect/');
    } finally {
      useAuthStore.getState().clear();
      useCartStore.getState().clear();
    }
  },
};
