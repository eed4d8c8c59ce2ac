import type { ReactNode } from 'react';
import { Card } from '../ui/card';

/**
 * PLACEHOLDER (issue 7, web shell): a stand-in body for the signed-in screens that issue 8
 * builds. Delete this file once no screen uses it.
 */
export function PlaceholderPanel({ children }: { children: ReactNode }) {
  return (
    <Card padded>
      <div style={{ color: 'var(--color-text-muted)', maxWidth: 640 }}>{children}</div>
    </Card>
  );
}
