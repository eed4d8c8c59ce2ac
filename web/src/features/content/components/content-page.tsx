import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  contentTypes,
  FIELD_MAX,
  hasUnlimitedPosts,
  OPTIMAL_POST_LENGTH,
  POST_MAX_LENGTH,
  TRIAL_POST_LIMIT,
  type ContentItem,
  type ContentType,
} from '@postwright/contracts';
import { ContentTypeIcon, contentTypeInfo, contentTypeName } from '../../../components/content/content-type';
import { ScheduleModal } from '../../../components/content/schedule-modal';
import { PageHeader } from '../../../components/layouts/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Textarea } from '../../../components/ui/field';
import { IconCalendar, IconCheckCircle, IconEdit, IconSend, IconSparkles } from '../../../components/ui/icons';
import { IconExternal } from '../../../components/ui/icons-app';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAuth, useUser } from '../../../lib/auth';
import { editContent, publishToLinkedIn, scheduleContent } from '../../../lib/content-api';
import { formatLongDate, formatSlot } from '../../../lib/datetime';
import { getLinkedInStatus } from '../../../lib/linkedin-api';
import { fullName, initials, trialPostsLeft } from '../../../lib/user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { generateContent, generationErrorMessage } from '../api/generate';
import { FrameworkCard, TipsCard } from './framework-card';
import { emptyForm, PERSONAL_EXPERIENCE_GUIDANCE, validateForm, type FormErrors, type FormField, type FormValues } from './generation-form';
import { PostPreview } from './post-preview';
import { typeCopy } from './type-copy';
import styles from './content-page.module.css';

export const TRIAL_LIMIT_TITLE = 'Trial limit reached - Upgrade to continue';
export const NO_CONTENT_TO_POST = 'No content to post';
export const POST_SUCCESS = 'Content posted to LinkedIn successfully!';
export const SCHEDULE_SUCCESS = 'Content scheduled successfully!';

type Busy = 'saving' | 'publishing' | 'scheduling' | null;
interface Notice {
  tone: 'success' | 'danger' | 'info';
  text: string;
  link?: { href: string; label: string; external?: boolean };
}

/** The post text: the chosen hook, a blank line, then the body (spec section 2). */
export function composePost(hook: string | null, body: string): string {
  return hook ? `${hook}\n\n${body}` : body;
}

function isContentType(value: string | null): value is ContentType {
  return value !== null && (contentTypes as readonly string[]).includes(value);
}

/** Trial: posts left, or the limit with Upgrade Now; beta: unlimited until its end. */
function PlanBanner({ exhausted, left, beta, betaExpiresAt }: { exhausted: boolean; left: number; beta: boolean; betaExpiresAt: string | null }) {
  if (beta) {
    return (
      <Alert tone="info" className={styles.banner} title="Beta Access">
        Unlimited posts {betaExpiresAt ? `until ${formatLongDate(betaExpiresAt)}` : 'for 15 days'}.
      </Alert>
    );
  }
  if (exhausted) {
    return (
      <Alert
        tone="warning"
        className={styles.banner}
        title={TRIAL_LIMIT_TITLE}
        action={
          <ButtonLink to={paths.pricing} variant="primary" size="sm" className={styles.bannerAction}>
            Upgrade Now
          </ButtonLink>
        }
      >
        You have used all {TRIAL_POST_LIMIT} posts of your free trial. Choose a plan to keep writing.
      </Alert>
    );
  }
  return (
    <Alert tone="info" className={styles.banner} title="Free trial">
      <span data-testid="trial-posts-left">
        {left} of {TRIAL_POST_LIMIT} trial {left === 1 ? 'post' : 'posts'} left.
      </span>{' '}
      <Link to={paths.pricing}>See plans</Link>
    </Alert>
  );
}

/** Step 1: the five types as big choices; once chosen, a compact quick switch. */
function TypeChoice({ value, onChange, compact }: { value: ContentType | null; onChange: (type: ContentType) => void; compact: boolean }) {
  const name = useId();
  return (
    <fieldset className={cx(styles.types, compact && styles.typesCompact)}>
      <legend className="visually-hidden">Content type</legend>
      {contentTypes.map((type) => {
        const info = contentTypeInfo[type];
        const checked = value === type;
        return (
          <label key={type} className={cx(styles.typeOption, checked && styles.typeOptionChecked)} data-type={type}>
            <input type="radio" name={name} value={type} checked={checked} onChange={() => onChange(type)} className="visually-hidden" />
            <ContentTypeIcon type={type} size={compact ? 32 : 40} />
            <span className={styles.typeText}>
              <span className={styles.typeName}>{info.name}</span>
              <span className={styles.typeMeta}>
                {info.day} · {info.purpose}
              </span>
              {compact ? null : <span className={styles.typePitch}>{typeCopy[type].pitch}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function LengthCounter({ length }: { length: number }) {
  const good = length >= OPTIMAL_POST_LENGTH.min && length <= OPTIMAL_POST_LENGTH.max;
  return (
    <p className={cx(styles.counter, good ? styles.counterGood : styles.counterWarn)} data-testid="length-counter" data-tone={good ? 'green' : 'yellow'}>
      <span className={styles.counterDot} aria-hidden="true" />
      {length.toLocaleString('en-US')} / {OPTIMAL_POST_LENGTH.max.toLocaleString('en-US')} characters
      <span className="visually-hidden">{good ? ' (within the optimal 1,300-1,600)' : ' (outside the optimal 1,300-1,600)'}</span>
    </p>
  );
}

/** Content creation (spec section 2): type, details, generated post with 5 hooks, then draft, publish or schedule. */
export function ContentPage() {
  useDocumentTitle('Generate content');
  const user = useUser();
  const { updateUser, refreshUser } = useAuth();
  const [params] = useSearchParams();
  const initialType = params.get('type');
  const [type, setType] = useState<ContentType | null>(isContentType(initialType) ? initialType : null);
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [item, setItem] = useState<ContentItem | null>(null);
  const [hook, setHook] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [scheduling, setScheduling] = useState(false);
  // after a generation the details fold into a summary, so the hooks sit next to the preview
  const [detailsOpen, setDetailsOpen] = useState(true);
  const [linkedInConnected, setLinkedInConnected] = useState<boolean | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const hookGroup = useId();

  const unlimited = hasUnlimitedPosts(user);
  const left = trialPostsLeft(user);
  const exhausted = !unlimited && left === 0;
  const beta = unlimited && user.subscriptionTier === 'beta';
  const locked = item?.status === 'published' || item?.status === 'scheduled';
  const postText = composePost(hook, body);

  useEffect(() => {
    refreshUser().catch(() => {}); // the trial count as the server has it
    const controller = new AbortController();
    getLinkedInStatus(controller.signal)
      .then((status) => setLinkedInConnected(status.connected))
      .catch(() => setLinkedInConnected(null));
    return () => controller.abort();
  }, [refreshUser]);

  function chooseType(next: ContentType) {
    if (next === type) return;
    // switching resets the preview and the error (spec section 4)
    setType(next);
    setItem(null);
    setHook(null);
    setBody('');
    setError(null);
    setActionError(null);
    setNotice(null);
    setDetailsOpen(true);
  }

  function edit(field: FormField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  async function onGenerate(event: FormEvent) {
    event.preventDefault();
    if (!type || exhausted || generating) return;
    const { errors: found, request } = validateForm(type, values);
    setErrors(found);
    if (!request) return;
    setGenerating(true);
    setError(null);
    setActionError(null);
    setNotice(null);
    try {
      const result = await generateContent(request);
      setItem(result.content);
      setHook(result.content.selectedHook);
      setBody(result.content.generatedContent);
      setDetailsOpen(false);
      const remaining = result.user?.trialPostsRemaining;
      if (typeof remaining === 'number') updateUser({ trialPostsUsed: Math.max(0, TRIAL_POST_LIMIT - remaining) });
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (failure) {
      const mapped = generationErrorMessage(failure);
      setError(mapped.message);
      if (mapped.trialExhausted) updateUser({ trialPostsUsed: TRIAL_POST_LIMIT });
    } finally {
      setGenerating(false);
    }
  }

  /** Stores the text as the user sees it (hook, blank line, body) and the chosen hook. */
  async function persist(current: ContentItem): Promise<ContentItem> {
    const saved = await editContent(current.id, { editedContent: postText, saveAsDraft: true, selectedHook: hook });
    setItem(saved);
    return saved;
  }

  async function onSaveDraft() {
    if (!item) return setActionError(NO_CONTENT_TO_POST);
    setBusy('saving');
    setActionError(null);
    setNotice(null);
    try {
      await persist(item);
      setNotice({ tone: 'success', text: 'Draft saved.', link: { href: paths.contentManagement, label: 'View in Content Management' } });
    } catch (failure) {
      setActionError(errorMessage(failure, 'Failed to save edits'));
    } finally {
      setBusy(null);
    }
  }

  async function onPublish() {
    if (!item || !hook) return setActionError(NO_CONTENT_TO_POST);
    setBusy('publishing');
    setActionError(null);
    setNotice(null);
    try {
      const saved = await persist(item);
      const result = await publishToLinkedIn({ contentId: saved.id, text: postText });
      setItem(result.content);
      setNotice({ tone: 'success', text: POST_SUCCESS, link: { href: result.linkedinPost.url, label: 'View on LinkedIn', external: true } });
    } catch (failure) {
      setActionError(errorMessage(failure, 'Failed to post to LinkedIn'));
    } finally {
      setBusy(null);
    }
  }

  async function onSchedule(scheduledFor: string) {
    if (!item) throw new Error(NO_CONTENT_TO_POST);
    const saved = item.status === 'draft' ? await persist(item) : item;
    const result = await scheduleContent(saved.id, scheduledFor);
    const when = result.schedule?.scheduledFor ?? scheduledFor;
    setItem(result.content ?? { ...saved, status: 'scheduled', scheduledFor: when });
    setScheduling(false);
    setActionError(null);
    setNotice({ tone: 'success', text: `${SCHEDULE_SUCCESS} It will be published on ${formatSlot(when)}.`, link: { href: paths.contentManagement, label: 'View in Content Management' } });
  }

  function startOver() {
    setItem(null);
    setHook(null);
    setBody('');
    setNotice(null);
    setError(null);
    setActionError(null);
    setDetailsOpen(true);
    setValues((current) => ({ ...current, topic: '', personalExperience: '', businessGoal: '' }));
  }

  const copy = type ? typeCopy[type] : null;
  const experienceLength = values.personalExperience.length;

  return (
    <>
      <PageHeader title="Generate Content" description="Choose a content type, tell us about your topic and get a post with five hooks." />
      {unlimited && !beta ? null : <PlanBanner exhausted={exhausted} left={left} beta={beta} betaExpiresAt={user.betaExpiresAt} />}

      <div className={styles.layout}>
        <div className={styles.mainColumn}>
          <Card as="section" aria-labelledby="step-type">
            <CardHeader
              id="step-type"
              title={
                <>
                  <span className={styles.step}>1</span>
                  {type ? 'Content type' : 'Choose a content type'}
                </>
              }
              description={type ? 'Switch at any time; your details stay.' : 'Each type plays its own part in the framework.'}
            />
            <CardBody>
              <TypeChoice value={type} onChange={chooseType} compact={Boolean(type)} />
            </CardBody>
          </Card>

          {type && copy ? (
            <Card as="section" aria-labelledby="step-details">
              <CardHeader
                id="step-details"
                title={
                  <>
                    <span className={styles.step}>2</span>
                    {contentTypeName(type)} details
                  </>
                }
                description={`${contentTypeInfo[type].day} · ${contentTypeInfo[type].purpose}`}
                actions={
                  item && !detailsOpen ? (
                    <Button size="sm" variant="secondary" onClick={() => setDetailsOpen(true)} icon={<IconEdit size={16} />} aria-expanded={false}>
                      Edit details
                    </Button>
                  ) : null
                }
              />
              <CardBody>
                {item && !detailsOpen ? (
                  <dl className={styles.summary}>
                    <div>
                      <dt>Topic</dt>
                      <dd>{values.topic}</dd>
                    </div>
                    <div>
                      <dt>Industry/Role</dt>
                      <dd>{values.industryRole}</dd>
                    </div>
                    <div>
                      <dt>Target Audience</dt>
                      <dd>{values.targetAudience}</dd>
                    </div>
                  </dl>
                ) : (
                <form className={styles.form} onSubmit={onGenerate} noValidate>
                  <Input
                    label={copy.topicLabel}
                    hint={copy.topicHelp}
                    placeholder={copy.topicPlaceholder}
                    value={values.topic}
                    error={errors.topic}
                    onChange={(e) => edit('topic', e.target.value)}
                    name="topic"
                    maxLength={FIELD_MAX.topic}
                  />
                  <Input
                    label="Industry/Role"
                    hint="Your role and industry, so the post speaks with your authority."
                    placeholder="e.g. CFO at a B2B software company"
                    value={values.industryRole}
                    error={errors.industryRole}
                    onChange={(e) => edit('industryRole', e.target.value)}
                    name="industryRole"
                    maxLength={FIELD_MAX.industryRole}
                  />
                  <Textarea
                    label={copy.experienceLabel}
                    hint={copy.experienceHelp}
                    placeholder={copy.experiencePlaceholder}
                    value={values.personalExperience}
                    error={errors.personalExperience}
                    onChange={(e) => edit('personalExperience', e.target.value)}
                    name="personalExperience"
                    rows={5}
                    maxLength={FIELD_MAX.personalExperience}
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
                    <Input
                      label="Target Audience"
                      hint="Who should read this post?"
                      placeholder="e.g. First-time founders"
                      value={values.targetAudience}
                      error={errors.targetAudience}
                      onChange={(e) => edit('targetAudience', e.target.value)}
                      name="targetAudience"
                      maxLength={FIELD_MAX.targetAudience}
                    />
                    <Input
                      label="Business Goal"
                      optional
                      hint="What should the post achieve?"
                      placeholder="e.g. Attract senior engineering hires"
                      value={values.businessGoal}
                      error={errors.businessGoal}
                      onChange={(e) => edit('businessGoal', e.target.value)}
                      name="businessGoal"
                      maxLength={FIELD_MAX.businessGoal}
                    />
                  </div>
                  {error ? <Alert tone="danger">{error}</Alert> : null}
                  <div className={styles.formActions}>
                    <Button type="submit" variant="primary" size="lg" loading={generating} disabled={exhausted} icon={<IconSparkles size={18} />}>
                      {generating ? 'Generating...' : item ? 'Generate again' : 'Generate Content'}
                    </Button>
                    {exhausted ? <p className={styles.formNote}>Generation is paused: your trial posts are used up.</p> : null}
                  </div>
                </form>
                )}
              </CardBody>
            </Card>
          ) : null}

          {item ? (
            <Card as="section" aria-labelledby="step-refine">
              <CardHeader
                id="step-refine"
                title={
                  <>
                    <span className={styles.step}>3</span>
                    Choose your hook and refine
                  </>
                }
                description="The hook is the opening line readers see before “...see more”."
              />
              <CardBody>
                <div ref={resultRef} tabIndex={-1} className={styles.result}>
                  <fieldset className={styles.hooks} disabled={locked}>
                    <legend className={styles.hooksLegend}>Hooks</legend>
                    {item.hooks.map((option, index) => (
                      <label key={`${index}-${option}`} className={cx(styles.hook, hook === option && styles.hookChecked)}>
                        <input type="radio" name={hookGroup} value={option} checked={hook === option} onChange={() => setHook(option)} />
                        <span className={styles.hookNumber} aria-hidden="true">
                          {index + 1}
                        </span>
                        <span className={styles.hookText}>{option}</span>
                      </label>
                    ))}
                  </fieldset>

                  <Textarea
                    label="Post body"
                    hint="Edit freely; the hook you choose opens the post."
                    value={body}
                    onChange={(e) => setBody(e.target.value)}
                    readOnly={locked}
                    rows={12}
                    // the hook and a blank line come first; together they fit LinkedIn's limit
                    maxLength={POST_MAX_LENGTH - (hook ? hook.length + 2 : 0)}
                    inputClassName={styles.bodyInput}
                  />

                  {notice ? (
                    <Alert tone={notice.tone === 'danger' ? 'danger' : notice.tone} onDismiss={() => setNotice(null)}>
                      {notice.text}{' '}
                      {notice.link ? (
                        notice.link.external ? (
                          <a href={notice.link.href} target="_blank" rel="noreferrer">
                            {notice.link.label}
                            <span className="visually-hidden"> (opens in a new tab)</span>
                          </a>
                        ) : (
                          <Link to={notice.link.href}>{notice.link.label}</Link>
                        )
                      ) : null}
                    </Alert>
                  ) : null}
                  {actionError ? <Alert tone="danger">{actionError}</Alert> : null}

                  {locked ? (
                    <div className={styles.actions}>
                      <Button variant="primary" onClick={startOver} icon={<IconEdit size={16} />}>
                        Write another post
                      </Button>
                      <ButtonLink to={paths.contentManagement} variant="secondary">
                        Go to Content Management
                      </ButtonLink>
                    </div>
                  ) : (
                    <>
                      <div className={styles.actions}>
                        <Button variant="secondary" onClick={onSaveDraft} loading={busy === 'saving'} disabled={busy !== null && busy !== 'saving'}>
                          {busy === 'saving' ? 'Saving...' : 'Save as Draft'}
                        </Button>
                        <Button
                          variant="secondary"
                          onClick={() => setScheduling(true)}
                          disabled={!hook || busy !== null}
                          icon={<IconCalendar size={16} />}
                        >
                          Schedule
                        </Button>
                        <Button
                          variant="primary"
                          onClick={onPublish}
                          loading={busy === 'publishing'}
                          disabled={!hook || (busy !== null && busy !== 'publishing')}
                          icon={<IconSend size={16} />}
                        >
                          {busy === 'publishing' ? 'Publishing...' : 'Publish to LinkedIn'}
                        </Button>
                      </div>
                      {!hook ? <p className={styles.formNote}>Choose a hook to publish or schedule this post.</p> : null}
                      {linkedInConnected === false ? (
                        <p className={styles.formNote}>
                          To publish, first <Link to={paths.profile}>connect your LinkedIn account</Link> on your profile.
                        </p>
                      ) : null}
                    </>
                  )}
                </div>
              </CardBody>
            </Card>
          ) : null}
        </div>

        <aside className={styles.sideColumn} aria-label="Preview and guidance">
          <Card as="section" aria-labelledby="preview-title" className={styles.previewCard}>
            <CardHeader id="preview-title" title="Preview" actions={item ? <LengthCounter length={postText.length} /> : null} />
            <CardBody>
              {item ? (
                <>
                  <PostPreview text={postText} name={fullName(user)} headline={user.role || user.company || 'Your headline'} picture={user.profilePicture} initials={initials(user)} />
                  {!hook ? <p className={styles.previewNote}>Choose a hook to open your post.</p> : null}
                  <p className={styles.previewNote}>Aim for 1,300-1,600 characters. Readers see the first lines before “...see more”.</p>
                  {item.status !== 'draft' ? (
                    <p className={styles.previewStatus}>
                      <IconCheckCircle size={16} /> {item.status === 'published' ? 'Published' : `Scheduled for ${formatSlot(item.scheduledFor)}`}
                      {item.status === 'published' && item.linkedinPostUrl ? (
                        <a href={item.linkedinPostUrl} target="_blank" rel="noreferrer" className={styles.previewLink}>
                          View on LinkedIn <IconExternal size={14} />
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      ) : null}
                    </p>
                  ) : null}
                </>
              ) : generating ? (
                <div className={styles.generating} role="status">
                  <Spinner size={28} />
                  <p>Writing your post and five hooks...</p>
                </div>
              ) : (
                <EmptyState compact title={NO_CONTENT_TO_POST} icon={<IconSparkles size={22} />}>
                  {type ? 'Fill in the details and generate: your post and five hooks appear here.' : 'Choose a content type to get started.'}
                </EmptyState>
              )}
            </CardBody>
          </Card>
          <FrameworkCard current={type} />
          <TipsCard />
        </aside>
      </div>

      <ScheduleModal
        open={scheduling}
        item={item ? { id: item.id, topic: item.topic, contentType: item.contentType } : null}
        onClose={() => setScheduling(false)}
        onConfirm={onSchedule}
      />
    </>
  );
}
