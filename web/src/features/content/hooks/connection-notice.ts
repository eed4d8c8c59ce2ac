import { errorCatalogue } from '@postwright/contracts';
import { LINKEDIN_CONNECT_CODES } from '../../../lib/linkedin-api';

/** The server's words when a publish needs LinkedIn (re)connected first (the catalogue's, which the services send). */
const connectionRefusals: ReadonlySet<string> = new Set(LINKEDIN_CONNECT_CODES.map((code) => errorCatalogue[code].message));

/**
 * A publish refused for want of a LinkedIn connection. The publish flow then shows its connect
 * note, which says why beside the (Re)connect LinkedIn button, so the generator does not say it
 * a second time above.
 */
export function saidByConnectNote(notice: { tone: string; text: string } | null): boolean {
  return notice !== null && notice.tone === 'danger' && connectionRefusals.has(notice.text);
}
