import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { ContentItem } from '@postwright/contracts';
import { hookStyleLabels } from '../../../components/content/hook-style';
import { overLimitMessage } from '../../../components/content/post-length';
import { PublishFlow } from '../../../components/publishing/publish-flow';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { Textarea } from '../../../components/ui/field';
import { IconEdit } from '../../../components/ui/icons';
import { IconPlus } from '../../../components/ui/icons-app';
import { paths } from '../../../config/paths';
import type { AutosaveState } from '../hooks/use-autosave';
import { draftPath } from '../hooks/draft-address';
import type { HookOrder } from '../hooks/use-hook-order';
import type { Notice } from '../hooks/use-generator';
import { versionCopy, type VersionStep } from '../hooks/use-versions';
import { SaveStatus } from './save-status';
import page from './content-page.module.css';
import styles from './refine-step.module.css';

export interface RefineStepProps {
  doc: { item: ContentItem; hook: string | null; body: string };
  /** the item's hooks in the order to offer them, and why that order */
  hookOrder: HookOrder;
  /** the post as LinkedIn would get it (hook, blank line, body) */
  postText: string;
  /** nothing typed while a generation, an Undo/Redo or a publish runs could be kept: read-only then */
  readOnly: boolean;
  onChooseHook: (hook: string) => void;
  onEditBody: (body: string) => void;
  /** bumps when a new result should come into view and take focus */
  focusResult: number;
  autosave: AutosaveState & { dirty: boolean };
  /** published or scheduled: no Undo/Redo, and Write another post */
  locked: boolean;
  /** a generation or an Undo/Redo runs */
  busy: boolean;
  /** another action runs, or this draft is being published */
  held: boolean;
  versionStep: VersionStep;
  restoring: boolean;
  restoreError: string | null;
  onSwapVersions: () => void;
  notice: Notice | null;
  onNotice: (notice: Notice | null) => void;
  saving: boolean;
  onSave: () => void;
  /** saves the pending edits first (publish and schedule send nothing unsaved) */
  savePending: () => Promise<ContentItem>;
  onItemChange: (item: ContentItem) => void;
  onStartOver: () => void;
}

/** How a hook's style is named beside it; a hook of unknown style (an older post's) shows none. */

/** Step 3: the five hooks, the body, then save, publish or schedule (the shared publish flow). */
export function RefineStep(props: RefineStepProps) {
  const { doc, readOnly, locked, notice } = props;
  const { item, hook, body } = doc;
  const hookGroup = useId();
  const orderNote = useId();
  const { options, reason } = props.hookOrder;
  const resultRef = useRef<HTMLDivElement>(null);
  const version = versionCopy[props.versionStep];

  // the new post is brought to the top of the screen, hooks first, and takes focus there (a plain
  // focus() may centre a block taller than the screen and leave the hooks above it)
  useEffect(() => {
    const result = resultRef.current;
    if (!props.focusResult || !result) return;
    result.focus({ preventScroll: true });
    (result.closest('section') ?? result).scrollIntoView?.({ block: 'start' });
  }, [props.focusResult]);

  return (
    <Card as="section" aria-labelledby="step-refine">
      <CardHeader
        id="step-refine"
        title={
          <>
            <span className={page.step}>3</span>
            Choose your hook and refine
          </>
        }
        description="The hook is the opening line readers see before “...see more”."
        actions={item.status === 'published' ? null : <SaveStatus state={props.autosave} />}
      />
      <CardBody>
        <div ref={resultRef} tabIndex={-1} className={styles.result}>
          {item.hasPreviousVersion && !locked ? (
            // the service swaps the two versions: after an Undo the same call is a Redo, and says so
            <Alert
              tone="info"
              action={
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={props.onSwapVersions}
                  loading={props.restoring}
                  disabled={props.held}
                  className={page.alertAction}
                >
                  {version.label}
                </Button>
              }
            >
              {version.text}
            </Alert>
          ) : null}
          {props.restoreError ? <Alert tone="danger">{props.restoreError}</Alert> : null}

          <fieldset className={styles.hooks} disabled={readOnly} aria-describedby={reason ? orderNote : undefined}>
            <legend className={styles.hooksLegend}>Hooks</legend>
            {reason ? (
              <p id={orderNote} className={styles.hookOrderNote}>
                {reason}
              </p>
            ) : null}
            {options.map(({ text: option, style }, index) => (
              <label key={`${index}-${option}`} className={cx(styles.hook, hook === option && styles.hookChecked)}>
                <input type="radio" name={hookGroup} value={option} checked={hook === option} onChange={() => props.onChooseHook(option)} />
                <span className={styles.hookNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <span className={styles.hookText}>{option}</span>
                {style !== 'unknown' ? (
                  <Badge className={styles.hookStyle} data-testid="hook-style">
                    <span className="visually-hidden">Style: </span>
                    {hookStyleLabels[style]}
                  </Badge>
                ) : null}
              </label>
            ))}
          </fieldset>

          <Textarea
            label="Post body"
            hint="Edit freely; the hook you choose opens the post. Your changes are saved as you go."
            value={body}
            onChange={(e) => props.onEditBody(e.target.value)}
            readOnly={readOnly}
            rows={12}
            // nothing pasted is cut: a post over LinkedIn's limit is kept as a draft, and said so here
            error={readOnly ? undefined : (overLimitMessage(props.postText) ?? undefined)}
            inputClassName={styles.bodyInput}
          />

          {notice ? (
            <Alert tone={notice.tone} onDismiss={() => props.onNotice(null)}>
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

          <div className={styles.actions}>
            {item.status === 'draft' ? (
              <Button variant="secondary" onClick={props.onSave} loading={props.saving} disabled={props.held}>
                {props.saving ? 'Saving...' : 'Save as Draft'}
              </Button>
            ) : null}
            <PublishFlow
              item={item}
              hook={hook}
              text={props.postText}
              dirty={props.autosave.dirty}
              save={props.savePending}
              onItemChange={props.onItemChange}
              onNotice={props.onNotice}
              returnTo={draftPath(item.id)}
              publishLabel="Publish to LinkedIn"
              disabled={props.busy}
            />
            {locked ? (
              <>
                <Button variant="primary" onClick={props.onStartOver} icon={<IconEdit size={16} />}>
                  Write another post
                </Button>
                <ButtonLink to={paths.contentManagement} variant="secondary">
                  Go to Content Management
                </ButtonLink>
              </>
            ) : (
              <Button variant="ghost" onClick={props.onStartOver} icon={<IconPlus size={16} />} className={styles.startOver}>
                Start a new post
              </Button>
            )}
          </div>
        </div>
      </CardBody>
    </Card>
  );
}
