import type { Metrics } from '@postwright/platform';
import { PUBLISH_OUTCOMES, type PublishOutcome } from '../modules/publish/pipeline';
import type { LinkedinCallObserver } from './linkedin-api';

/**
 * The LinkedIn service's own counters: what each publish sent to LinkedIn came to
 * (postwright_publish_total) and every call to LinkedIn's API by operation and HTTP status
 * (postwright_linkedin_requests_total; 'error' when no answer came), 429s among them.
 */
export function linkedinMetrics(metrics: Metrics): { publishCounted: (outcome: PublishOutcome) => void; linkedinCalled: LinkedinCallObserver } {
  const publishes = metrics.counter('postwright_publish_total', 'Publishes sent to LinkedIn, by outcome (published, duplicate_settled, failed, unconfirmed)', ['outcome']);
  // every outcome from the start, so a failure ratio has its denominator before the first failure
  for (const outcome of PUBLISH_OUTCOMES) publishes.inc({ outcome }, 0);
  const requests = metrics.counter('postwright_linkedin_requests_total', "Calls to LinkedIn's API, by operation and HTTP status ('error': no answer)", ['operation', 'status']);
  return {
    publishCounted: (outcome) => publishes.inc({ outcome }),
    linkedinCalled: (operation, status) => requests.inc({ operation, status }),
  };
}
