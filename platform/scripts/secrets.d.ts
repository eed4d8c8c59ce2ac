/** Types of secrets.js (plain JavaScript: it runs before anything is installed or compiled). */
/**
 * The example's text with every empty key it can generate filled; the keys it filled, and the empty ones it could not.
 * JWT_PUBLIC_KEY is derived from JWT_PRIVATE_KEY (the example's own, or the one generated), both on one line with \n escapes.
 * Stripe's key and signing secret are generated only for the billing sandbox (by default: when the example points the billing service at it);
 * the LinkedIn client secret only for the LinkedIn sandbox (by default: when the example says LINKEDIN_MODE=sandbox);
 * SMTP_URL (Mailpit's address) and MAILPIT_UI_AUTH only where the settings run Mailpit (`mailpit`, default false).
 */
export function fill(
  example: string,
  options?: { billingSandbox?: boolean; linkedinSandbox?: boolean; mailpit?: boolean },
): { text: string; generated: string[]; missing: string[] };
/** Whether settings (a .env, a kustomization.yaml) point the billing service at the billing sandbox. */
export function usesBillingSandbox(text: string): boolean;
/** Whether settings (a .env, a kustomization.yaml) point the linkedin service at the LinkedIn sandbox (LINKEDIN_MODE=sandbox). */
export function usesLinkedinSandbox(text: string): boolean;
/** Whether a kustomization.yaml runs Mailpit (lists mailpit.yaml among its resources). */
export function usesMailpit(text: string): boolean;
export const GENERATORS: Record<string, () => string>;
/** The generators used only for the billing sandbox (Stripe-shaped test values). */
export const BILLING_SANDBOX_GENERATORS: Record<string, () => string>;
/** The generators used only for the LinkedIn sandbox (its app's client secret). */
export const LINKEDIN_SANDBOX_GENERATORS: Record<string, () => string>;
/** The generators used only where the settings run Mailpit (its SMTP address, its inbox's login). */
export const MAILPIT_GENERATORS: Record<string, () => string>;
