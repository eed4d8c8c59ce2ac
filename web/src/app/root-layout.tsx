import { Outlet, ScrollRestoration, useNavigation, useRouteError } from 'react-router-dom';
import { Button } from '../components/ui/button';
import styles from './root-layout.module.css';

/** Every page: scroll restoration (and #anchor scrolling) plus a progress bar while a page's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' ? <div className={styles.progress} role="progressbar" aria-label="Loading page" /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** A route failed (typically a page's code could not be fetched after a new release). */
export function RouteError() {
  const error = useRouteError();
  if (typeof console !== 'undefined') console.error(error);
  return (
    <main className={styles.error} id="main">
      <div className={styles.errorBox}>
        <h1>Something went wrong</h1>
        <p>This page could not be loaded. Please reload to get the latest version of Postwright.</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </div>
    </main>
  );
}
