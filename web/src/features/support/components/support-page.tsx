import { useId, useMemo, useState } from 'react';
import type { GatewayHealth } from '@postwright/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { Accordion } from '../../../components/ui/accordion';
import { Button, ButtonAnchor } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconLinkedIn, IconMail, IconUser } from '../../../components/ui/icons';
import { IconRefresh, IconSearch } from '../../../components/ui/icons-app';
import { site } from '../../../config/site';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHealth } from '../api/health';
import { categories, filterTopics, helpTopics, type Category } from './topics';
import styles from './support-page.module.css';

type Health = { state: 'checking' } | { state: 'error' } | { state: 'ready'; value: GatewayHealth };

/** System Status: three parts of the product, each from the live /api/health. */
export const statusItems: Array<{ label: string; services: string[] }> = [
  { label: 'Content Generation', services: ['content'] },
  { label: 'LinkedIn Publishing', services: ['linkedin', 'scheduler'] },
  { label: 'Accounts & Sign-in', services: ['auth'] },
];

function SystemStatus() {
  const query = useHealth();
  const health: Health = query.isFetching ? { state: 'checking' } : query.isError ? { state: 'error' } : query.data ? { state: 'ready', value: query.data } : { state: 'checking' };
  const check = () => query.refetch();

  return (
    <Card as="section" aria-labelledby="status-title">
      <CardHeader
        id="status-title"
        title="System Status"
        actions={
          <Button size="sm" variant="ghost" onClick={() => void check()} disabled={health.state === 'checking'} icon={<IconRefresh size={16} />}>
            Check again
          </Button>
        }
      />
      <CardBody>
        <ul className={styles.status} aria-live="polite">
          {statusItems.map((item) => {
            let state: 'checking' | 'ok' | 'down' | 'unknown' = 'checking';
            if (health.state === 'error') state = 'unknown';
            if (health.state === 'ready') state = item.services.every((s) => health.value.services[s] === 'ok') ? 'ok' : 'down';
            const text = { checking: 'Checking...', ok: 'Operational', down: 'Unavailable', unknown: 'Unknown' }[state];
            return (
              <li key={item.label} className={styles.statusItem} data-testid="status-item" data-state={state}>
                <span className={cx(styles.statusDot, styles[`dot-${state}`])} aria-hidden="true" />
                <span className={styles.statusLabel}>{item.label}</span>
                <span className={cx(styles.statusText, styles[`text-${state}`])}>{text}</span>
              </li>
            );
          })}
        </ul>
        {health.state === 'error' ? <p className={styles.statusNote}>The status could not be checked. Please try again in a moment.</p> : null}
      </CardBody>
    </Card>
  );
}

/** The help centre. */
export function SupportPage() {
  useDocumentTitle('Support');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<Category | 'all'>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const searchId = useId();

  const results = useMemo(() => filterTopics(helpTopics, query, category), [query, category]);
  const filtered = query.trim() !== '' || category !== 'all';

  function clearFilters() {
    setQuery('');
    setCategory('all');
  }

  function showCategory(next: Category) {
    setQuery('');
    setCategory(next);
    setOpenId(null);
    document.getElementById('help-topics')?.scrollIntoView?.({ block: 'start' });
  }

  return (
    <>
      <PageHeader title="Support" description="Answers to common questions, and a way to reach us." />

      <div className={styles.layout}>
        <div className={styles.main}>
          <Card as="section" aria-labelledby="help-title">
            <CardHeader id="help-title" title="Help Center" description={`${helpTopics.length} topics, from connecting LinkedIn to scheduling.`} />
            <CardBody>
              <div className={styles.search}>
                <label htmlFor={searchId} className="visually-hidden">
                  Search help topics
                </label>
                <IconSearch size={18} className={styles.searchIcon} />
                <input
                  id={searchId}
                  type="search"
                  className={styles.searchInput}
                  placeholder="Search help topics"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                />
              </div>
              <div className={styles.categories} role="group" aria-label="Category">
                {(['all', ...categories] as const).map((value) => (
                  <button
                    key={value}
                    type="button"
                    className={styles.category}
                    aria-pressed={category === value}
                    onClick={() => setCategory(value)}
                  >
                    {value === 'all' ? 'All' : value}
                  </button>
                ))}
              </div>
              <p className={styles.count} role="status" data-testid="result-count">
                {results.length === helpTopics.length && !filtered
                  ? `${results.length} topics`
                  : `${results.length} of ${helpTopics.length} topics`}
              </p>
              <div id="help-topics" className={styles.topics}>
                {results.length === 0 ? (
                  <EmptyState
                    compact
                    title="No topics match your search"
                    icon={<IconSearch size={22} />}
                    action={
                      <Button variant="secondary" onClick={clearFilters}>
                        Clear Filters
                      </Button>
                    }
                  >
                    Try other words, choose another category, or write to us: we answer within {site.supportResponseHours} hours.
                  </EmptyState>
                ) : (
                  <Accordion
                    openId={openId}
                    onOpenChange={setOpenId}
                    items={results.map((topic) => ({
                      id: topic.id,
                      title: (
                        <span className={styles.topicTitle}>
                          <span className={styles.topicCategory}>{topic.category}</span>
                          {topic.question}
                        </span>
                      ),
                      content: (
                        <>
                          <p>{topic.answer}</p>
                          <ol className={styles.steps}>
                            {topic.steps.map((step) => (
                              <li key={step}>{step}</li>
                            ))}
                          </ol>
                        </>
                      ),
                    }))}
                  />
                )}
              </div>
            </CardBody>
          </Card>
        </div>

        <div className={styles.side}>
          <Card as="section" aria-labelledby="quick-help-title">
            <CardHeader id="quick-help-title" title="Quick help" />
            <CardBody className={styles.quick}>
              <Button variant="secondary" block onClick={() => showCategory('LinkedIn')} icon={<IconLinkedIn size={18} />}>
                LinkedIn help
              </Button>
              <Button variant="secondary" block onClick={() => showCategory('Account')} icon={<IconUser size={18} />}>
                Account help
              </Button>
            </CardBody>
          </Card>

          <Card as="section" aria-labelledby="contact-title">
            <CardHeader id="contact-title" title="Contact Support" description={`We answer every message within ${site.supportResponseHours} hours.`} />
            <CardBody className={styles.quick}>
              <ButtonAnchor variant="primary" block href={`mailto:${site.supportEmail}?subject=${encodeURIComponent('Postwright support request')}`} icon={<IconMail size={18} />}>
                Email support
              </ButtonAnchor>
              <ButtonAnchor variant="secondary" block href={`mailto:${site.supportEmail}?subject=${encodeURIComponent('Bug report')}`}>
                Report a problem
              </ButtonAnchor>
              <p className={styles.contactNote}>
                Or write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>. For billing, <a href={`mailto:${site.billingEmail}`}>{site.billingEmail}</a>.
              </p>
            </CardBody>
          </Card>

          <SystemStatus />
        </div>
      </div>
    </>
  );
}
