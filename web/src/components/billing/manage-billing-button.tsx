import { useState } from 'react';
import { openBillingPortal } from '../../lib/billing-api';
import { billingErrorText, billingText } from '../../lib/billing-text';
import { Button, type ButtonSize, type ButtonVariant } from '../ui/button';
import { cx } from '../ui/cx';
import styles from './billing.module.css';
import { useLeaving } from './use-leaving';

/**
 * Opens Stripe's Billing Portal (plan changes, cancelling, the card, invoices). Busy while the
 * address is asked for and the page leaves; a refusal shows under the button, in the server's words.
 */
export function ManageBillingButton({
  label = billingText.manageBilling,
  variant = 'secondary',
  size,
  block,
  className,
}: {
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
}) {
  const [busy, setBusy] = useLeaving<true>();
  const [error, setError] = useState<string | null>(null);

  async function open() {
    setBusy(true);
    setError(null);
    try {
      await openBillingPortal();
    } catch (failure) {
      setError(billingErrorText(failure, billingText.portalFailed));
      setBusy(null);
    }
  }

  return (
    <div className={cx(styles.action, block && styles.block, className)}>
      <Button variant={variant} size={size} block={block} loading={busy === true} onClick={open}>
        {busy ? billingText.openingBilling : label}
      </Button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
