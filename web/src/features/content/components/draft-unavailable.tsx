import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconAlert } from '../../../components/ui/icons';
import { IconPlus, IconRefresh } from '../../../components/ui/icons-app';
import { Spinner } from '../../../components/ui/spinner';
import type { DraftLoad } from '../hooks/use-draft';
import page from './content-page.module.css';

/** While the draft at the address loads, or when it cannot be opened. */
export function DraftUnavailable({ load, onRetry, onStartOver }: { load: DraftLoad; onRetry: () => void; onStartOver: () => void }) {
  if (load.status === 'loading') {
    return (
      <Card as="section" aria-label="Draft">
        <CardBody>
          <div className={page.generating} role="status">
            <Spinner size={28} />
            <p>Opening your draft...</p>
          </div>
        </CardBody>
      </Card>
    );
  }
  if (load.status === 'missing') {
    return (
      <Card as="section" aria-label="Draft">
        <CardBody>
          <EmptyState
            title={load.message}
            headingLevel={2}
            icon={<IconAlert size={22} />}
            action={
              <Button variant="primary" onClick={onStartOver} icon={<IconPlus size={16} />}>
                Start a new post
              </Button>
            }
          >
            This draft may have been deleted, or it belongs to another account.
          </EmptyState>
        </CardBody>
      </Card>
    );
  }
  if (load.status === 'failed') {
    return (
      <Alert
        tone="danger"
        action={
          <Button size="sm" variant="secondary" onClick={onRetry} icon={<IconRefresh size={16} />} className={page.alertAction}>
            Retry
          </Button>
        }
      >
        {load.message}
      </Alert>
    );
  }
  return null;
}
