import type { AuthResponse, LoginRequest, SignupRequest, User } from '@postwright/contracts';
import type { ApiClient } from './api-client';

/**
 * The auth calls (POST /auth/login, /auth/signup, GET /users/profile),
 * validated with the contracts schemas. The schemas (and zod) are loaded on first use so that
 * they stay out of the landing page's critical JavaScript.
 */
const schemas = () => import('./auth-schemas');

export async function loginRequest(client: ApiClient, input: LoginRequest): Promise<AuthResponse> {
  const [{ authResponseSchema }, data] = await Promise.all([schemas(), client.post('/auth/login', input, { auth: false })]);
  return authResponseSchema.parse(data);
}

export async function signupRequest(client: ApiClient, input: SignupRequest): Promise<AuthResponse> {
  const [{ authResponseSchema }, data] = await Promise.all([schemas(), client.post('/auth/signup', input, { auth: false })]);
  return authResponseSchema.parse(data);
}

export async function profileRequest(client: ApiClient): Promise<User> {
  const [{ userResponseSchema }, data] = await Promise.all([schemas(), client.get('/users/profile')]);
  return userResponseSchema.parse(data).user;
}
