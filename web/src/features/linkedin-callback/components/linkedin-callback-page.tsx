// PLACEHOLDER (issue 7, web shell): the LinkedIn callback screen of issue 8 replaces this file.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function LinkedInCallbackPage() {
  useDocumentTitle('Connecting LinkedIn');
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.profile, { replace: true }), 3000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <main id="main" style={{ flex: 1, display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <div role="status" style={{ display: 'grid', justifyItems: 'center', gap: 16 }}>
        <Spinner size={32} />
        <h1 style={{ fontSize: 'var(--text-lg)' }}>Connecting your LinkedIn account...</h1>
      </div>
    </main>
  );
}
