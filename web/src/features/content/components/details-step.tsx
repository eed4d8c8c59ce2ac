import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FIELD_MAX } from '@postwright/contracts';
import { ManageBillingButton } from '../../../components/billing/manage-billing-button';
import { contentTypeInfo, contentTypeName } from '../../../components/content/content-type';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { Input, Textarea } from '../../../components/ui/field';
import { IconEdit, IconSparkles } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { billingText } from '../../../lib/billing-text';
import { formatDate } from '../../../lib/datetime';
import type { Generator } from '../hooks/use-generator';
import { PERSONAL_EXPERIENCE_GUIDANCE } from './generation-form';
import { canGenerate } from './generator-plan';
import { typeCopy } from './type-copy';
import page from './content-page.module.css';
import styles from './details-step.module.css';

/** Step 2: the details form; after a generation it folds into a summary (Edit details reopens it). */
export function DetailsStep({ generator: g }: { generator: Generator }) {
  const formRef = useRef<HTMLFormElement>(null);
  const type = g.type!;
  const copy = typeCopy[type];
  const { form, errors } = g;
  const folded = Boolean(g.doc) && !g.detailsOpen;
  const experienceLength = form.personalExperience.length;
  /** the post has shown text: it is the member's now, and Cancel has nothing left to give back */
  const started = Boolean(g.live?.started);

  // after Cancel, focus goes back to the button that started the generation (Cancel is gone)
  const refocusSubmit = useRef(false);
  useEffect(() => {
    if (g.generating || !refocusSubmit.current) return;
    refocusSubmit.current = false;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [g.generating]);

  function cancelGeneration() {
    refocusSubmit.current = true;
    g.cancelGeneration();
  }

  // the first field with an error takes focus (after a submit or a refusal from the server)
  useEffect(() => {
    if (g.focusErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [g.focusErrors]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void g.generate();
  }

  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => g.editField(name, e.target.value),
    maxLength: FIELD_MAX[name],
    // what is typed while a generation, an Undo/Redo or a publish runs could not be kept
    readOnly: g.formReadOnly,
  });

  return (
    <Card as="section" aria-labelledby="step-details">
      <CardHeader
        id="step-details"
        title={
          <>
            <span className={page.step}>2</span>
            {contentTypeName(type)} details
          </>
        }
        description={`${contentTypeInfo[type].day} · ${contentTypeInfo[type].purpose}`}
        actions={
          folded ? (
            <Button size="sm" variant="secondary" onClick={() => g.setDetailsOpen(true)} icon={<IconEdit size={16} />} aria-expanded={false}>
              Edit details
            </Button>
          ) : null
        }
      />
      <CardBody>
        {folded ? (
          <dl className={styles.summary}>
            <div>
              <dt>Topic</dt>
              <dd>{form.topic}</dd>
            </div>
            <div>
              <dt>Industry/Role</dt>
              <dd>{form.industryRole}</dd>
            </div>
            <div>
              <dt>Target Audience</dt>
              <dd>{form.targetAudience}</dd>
            </div>
          </dl>
        ) : (
          <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
            <Input label={copy.topicLabel} hint={copy.topicHelp} placeholder={copy.topicPlaceholder} {...field('topic')} />
            <Input
              label="Industry/Role"
              hint="Your role and industry, so the post speaks with your authority."
              placeholder="e.g. CFO at a B2B software company"
              {...field('industryRole')}
            />
            <Textarea
              label={copy.experienceLabel}
              hint={copy.experienceHelp}
              placeholder={copy.experiencePlaceholder}
              rows={5}
              {...field('personalExperience')}
              after={
                <p
                  className={cx(styles.smallCounter, experienceLength > PERSONAL_EXPERIENCE_GUIDANCE && styles.smallCounterOver)}
                  data-testid="experience-counter"
                  aria-live="polite"
                >
                  {experienceLength}/{PERSONAL_EXPERIENCE_GUIDANCE}
                  {/* past the guidance, say where the hard stop is */}
                  {experienceLength > PERSONAL_EXPERIENCE_GUIDANCE ? ` (at most ${FIELD_MAX.personalExperience.toLocaleString('en-US')})` : null}
                </p>
              }
            />
            <div className={styles.formRow}>
              <Input label="Target Audience" hint="Who should read this post?" placeholder="e.g. First-time founders" {...field('targetAudience')} />
              <Input label="Business Goal" optional hint="What should the post achieve?" placeholder="e.g. Attract senior engineering hires" {...field('businessGoal')} />
            </div>
            {g.generationError ? (
              <Alert
                tone="danger"
                action={
                  g.generationErrorAction === 'update-payment' ? (
                    <ManageBillingButton label={billingText.updatePayment} size="sm" variant="primary" className={page.bannerAction} />
                  ) : null
                }
              >
                {g.generationError}
              </Alert>
            ) : null}
            <div className={styles.formActions}>
              <Button
                type="submit"
                variant="primary"
                size="lg"
                loading={g.generating}
                disabled={!canGenerate(g.plan, g.doc?.item ?? null) || g.busy || g.publishingThis}
                icon={<IconSparkles size={18} />}
              >
                {g.generating ? 'Generating...' : g.generateLabel}
              </Button>
              {g.generating ? (
                // the request is aborted: the server stops the writer, gives the post back and
                // stores nothing. Once text shows, the post is written to the end, stored and
                // counted whoever hangs up, so there is nothing left to cancel.
                <Button size="lg" variant="secondary" onClick={cancelGeneration} disabled={started} aria-describedby={started ? 'cancel-note' : undefined}>
                  Cancel
                </Button>
              ) : null}
              {g.generating && started ? (
                <p id="cancel-note" className={styles.formNote}>
                  {g.plan.unlimited
                    ? 'Writing has started: the post will be saved, so it can no longer be cancelled.'
                    : 'Writing has started: this post counts and will be saved, so it can no longer be cancelled.'}
                </p>
              ) : null}
              {g.plan.exhausted && canGenerate(g.plan, g.doc?.item ?? null) ? (
                <p className={styles.formNote}>
                  {g.plan.kind === 'plan' ? "This month's posts are used up" : 'Your trial posts are used up'}, but generating this draft again is still
                  free ({g.doc?.item.freeRegenerationsLeft} left).
                </p>
              ) : g.plan.exhausted && g.plan.kind === 'plan' ? (
                <p className={styles.formNote}>
                  Generation is paused: this month&apos;s posts are used up.{g.plan.resetsAt ? ` They reset on ${formatDate(g.plan.resetsAt)}.` : ''}
                </p>
              ) : g.plan.exhausted ? (
                <p className={styles.formNote}>
                  Generation is paused: {g.plan.ended ? 'your free trial has ended' : 'your trial posts are used up'}. <Link to={paths.pricing}>Choose a plan</Link>
                </p>
              ) : null}
            </div>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
