import type { LoginRequest } from '../../shared/contract';
import { publicFetch } from './client';

/** POST /auth/login. The body is returned unchecked: the login page reports a missing token. */
export function login(credentials: LoginRequest): Promise<unknown> {
  return publicFetch<unknown>('/auth/login', { method: 'POST', body: credentials });
}
