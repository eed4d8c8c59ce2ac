import { z } from 'zod';
import { infraConfigShape, loadConfig, port } from '@postwright/platform';

export const configSchema = z.object({
  ...infraConfigShape,
  PORT: port(4001),
});
export type AuthConfig = z.infer<typeof configSchema>;

/** The only place that reads process.env. */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<AuthConfig> {
  return loadConfig(configSchema, env);
}
