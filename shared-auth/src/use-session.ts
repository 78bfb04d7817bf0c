/**
 * React access to the session and the API client. Each hook binds the store
 * of the nearest jotai Provider, so components never pass the store around
 * and tests choose theirs by wrapping in a Provider.
 */
import type { LoginBody, PublicUser, RegisterBody } from '@callboard/contract';
import { useAtomValue, useStore } from 'jotai';
import { useMemo } from 'react';
import {
  apiDownload,
  apiFetch,
  type ApiDownloadOptions,
  type ApiFetchOptions,
  type DownloadedFile,
} from '@callboard/shared-auth/api-fetch';
import { login, logout, register, type AuthResult } from '@callboard/shared-auth/auth-actions';
import { isAuthenticatedAtom, isLoadingAtom, tokenAtom, userAtom } from '@callboard/shared-auth/session';

export interface SessionState {
  user: PublicUser | null;
  token: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
}

export interface AuthActions {
  login: (credentials: LoginBody) => Promise<AuthResult>;
  logout: () => Promise<void>;
  register: (body: RegisterBody) => Promise<AuthResult>;
}

export type BoundApiFetch = <T = unknown>(path: string, options?: ApiFetchOptions) => Promise<T>;
export type BoundApiDownload = (path: string, options?: ApiDownloadOptions) => Promise<DownloadedFile>;

export function useSession(): SessionState {
  const store = useStore();
  const user = useAtomValue(userAtom, { store });
  const token = useAtomValue(tokenAtom, { store });
  const isAuthenticated = useAtomValue(isAuthenticatedAtom, { store });
  const isLoading = useAtomValue(isLoadingAtom, { store });
  return { user, token, isAuthenticated, isLoading };
}

/** Stable per store, so they can sit in effect and callback dependency lists. */
export function useAuthActions(): AuthActions {
  const store = useStore();
  return useMemo(
    () => ({
      login: (credentials: LoginBody) => login(store, credentials),
      logout: () => logout(store),
      register: (body: RegisterBody) => register(store, body),
    }),
    [store],
  );
}

export function useApiFetch(): BoundApiFetch {
  const store = useStore();
  return useMemo<BoundApiFetch>(() => (path, options) => apiFetch(store, path, options), [store]);
}

export function useApiDownload(): BoundApiDownload {
  const store = useStore();
  return useMemo<BoundApiDownload>(() => (path, options) => apiDownload(store, path, options), [store]);
}
