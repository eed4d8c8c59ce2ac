import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Skip link, public header, the page, public footer. */
export function PublicLayout({ children, onLanding = false }: { children: ReactNode; onLanding?: boolean }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader onLanding={onLanding} />
      <main id="main" tabIndex={-1} style={{ outline: 'none', flex: 1 }}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
