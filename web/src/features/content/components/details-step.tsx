import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FIELD_MAX, type ContentItem, type ContentType } from '@postwright/contracts';
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
import { PERSONAL_EXPERIENCE_GUIDANCE, type FormErrors, type FormField, type FormValues } from './generation-form';
import { canGenerate, type GeneratorPlan } from './generator-plan';
import { typeCopy } from './type-copy';
import page from './content-page.module.css';
import styles from './details-step.module.css';

export interface DetailsStepProps {
  type: ContentType;
  form: FormValues;
  errors: FormErrors;
  /** bumps when the first field with an error should take focus */
  focusErrors: number;
  /** what is typed while a generation, an Undo/Redo or a publish runs could not be kept */
  readOnly: boolean;
  onFieldChange: (name: FormField, value: string) => void;
  /** a post was generated and the details are not being edited: a summary shows */
  folded: boolean;
  onUnfold: () => void;
  plan: GeneratorPlan;
  /** the draft on screen, if any */
  item: ContentItem | null;
  generateLabel: string;
  /** another action runs, or the draft is being published: Generate waits */
  held: boolean;
  generating: boolean;
  /** the post has shown text: it is the member's now, and Cancel has nothing left to give back */
  started: boolean;
  error: string | null;
  /** the error's way out, beside it (Update payment method) */
  errorAction: 'update-payment' | null;
  onGenerate: () => void;
  onCancel: () => void;
}

/** Step 2: the details form; after a generation it folds into a summary (Edit details reopens it). */
export function DetailsStep(props: DetailsStepProps) {
  const { type, form, errors, folded, plan, item, generating, started } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const copy = typeCopy[type];
  const experienceLength = form.personalExperience.length;

  // after Cancel, focus goes back to the button that started the generation (Cancel is gone)
  const refocusSubmit = useRef(false);
  useEffect(() => {
    if (generating || !refocusSubmit.current) return;
    refocusSubmit.current = false;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [generating]);

  function cancelGeneration() {
    refocusSubmit.current = true;
    props.onCancel();
  }

  // the first field with an error takes focus (after a submit or a refusal from the server)
  useEffect(() => {
    if (props.focusErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [props.focusErrors]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    props.onGenerate();
  }

  const field = (name: FormField) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => props.onFieldChange(name, e.target.value),
    maxLength: FIELD_MAX[name],
    readOnly: props.readOnly,
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
            <Button size="sm" variant="secondary" onClick={props.onUnfold} icon={<IconEdit size={16} />} aria-expanded={false}>
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
            {props.error ? (
              <Alert
                tone="danger"
                action={
                  props.errorAction === 'update-payment' ? (
                    <ManageBillingButton label={billingText.updatePayment} size="sm" variant="primary" className={page.bannerAction} />
                  ) : null
                }
              >
                {props.error}
              </Alert>
            ) : null}
            <div className={styles.formActions}>
              <Button
                type="submit"
                variant="primary"
                size="lg"
                loading={generating}
                disabled={!canGenerate(plan, item) || props.held}
                icon={<IconSparkles size={18} />}
              >
                {generating ? 'Generating...' : props.generateLabel}
              </Button>
              {generating ? (
                // the request is aborted: the server stops the writer, gives the post back and
                // stores nothing. Once text shows, the post is written to the end, stored and
                // counted whoever hangs up, so there is nothing left to cancel.
                <Button size="lg" variant="secondary" onClick={cancelGeneration} disabled={started} aria-describedby={started ? 'cancel-note' : undefined}>
                  Cancel
                </Button>
              ) : null}
              {generating && started ? (
                <p id="cancel-note" className={styles.formNote}>
                  {plan.unlimited
                    ? 'Writing has started: the post will be saved, so it can no longer be cancelled.'
                    : 'Writing has started: this post counts and will be saved, so it can no longer be cancelled.'}
                </p>
              ) : null}
              {plan.exhausted && canGenerate(plan, item) ? (
                <p className={styles.formNote}>
                  {plan.kind === 'plan' ? "This month's posts are used up" : 'Your trial posts are used up'}, but generating this draft again is still
                  free ({item?.freeRegenerationsLeft} left).
                </p>
              ) : plan.exhausted && plan.kind === 'plan' ? (
                <p className={styles.formNote}>
                  Generation is paused: this month&apos;s posts are used up.{plan.resetsAt ? ` They reset on ${formatDate(plan.resetsAt)}.` : ''}
                </p>
              ) : plan.exhausted ? (
                <p className={styles.formNote}>
                  Generation is paused: {plan.ended ? 'your free trial has ended' : 'your trial posts are used up'}. <Link to={paths.pricing}>Choose a plan</Link>
                </p>
              ) : null}
            </div>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
