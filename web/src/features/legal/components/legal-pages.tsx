import cookies from '../content/cookies.md';
import privacy from '../content/privacy.md';
import refund from '../content/refund.md';
import terms from '../content/terms.md';
import { LegalDocument } from './legal-document';

/*
 * The legal pages, written in Markdown (../content) and rendered when the app is built. Their
 * claims follow the spec's: refunds approved in 2-3 business days, then card 5-10 days,
 * payment wallet 3-5, bank 5-7; 30 days notice of price changes; persistent cookies up to 30
 * days; minimum age 18; support answers within 24 hours; an outage over 24 hours may earn
 * service credits. test/legal.test.tsx holds them to the figures in config/site.ts.
 */

export function PrivacyPage() {
  return <LegalDocument document={privacy} />;
}

export function TermsPage() {
  return <LegalDocument document={terms} />;
}

export function RefundPage() {
  return <LegalDocument document={refund} />;
}

export function CookiesPage() {
  return <LegalDocument document={cookies} />;
}
