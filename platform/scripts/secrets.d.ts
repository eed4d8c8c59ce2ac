/** Types of secrets.js (plain JavaScript: it runs before anything is installed or compiled). */
/**
 * The example's text with every empty key it can generate filled; the keys it filled, and the empty ones it could not.
 * Stripe's key and signing secret are generated only for the billing sandbox (by default: when the example points the billing service at it).
 */
export function fill(example: string, options?: { billingSandbox?: boolean }): { text: string; generated: string[]; missing: string[] };
/** Whether settings (a .env, a kustomization.yaml) point the billing service at the billing sandbox. */
export function usesBillingSandbox(text: string): boolean;
export const GENERATORS: Record<string, () => string>;
/** The generators used only for the billing sandbox (Stripe-shaped test values). */
export const BILLING_SANDBOX_GENERATORS: Record<string, () => string>;
