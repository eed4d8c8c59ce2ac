import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { overLimitMessage } from '../../../components/content/post-length';
import { PublishFlow } from '../../../components/content/publish-flow';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { Textarea } from '../../../components/ui/field';
import { IconEdit } from '../../../components/ui/icons';
import { IconPlus } from '../../../components/ui/icons-app';
import { paths } from '../../../config/paths';
import { draftPath, type Generator } from '../hooks/use-generator';
import { versionCopy } from '../hooks/use-versions';
import { SaveStatus } from './save-status';
import page from './content-page.module.css';
import styles from './refine-step.module.css';

/** Step 3: the five hooks, the body, then save, publish or schedule (the shared publish flow). */
export function RefineStep({ generator: g }: { generator: Generator }) {
  const doc = g.doc!;
  const { item, hook, body } = doc;
  const hookGroup = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  // nothing typed while a generation, an Undo/Redo or a publish runs could be kept: read-only then
  const readOnly = g.draftReadOnly;
  const version = versionCopy[g.versionStep];

  // the new post is brought to the top of the screen, hooks first, and takes focus there (a plain
  // focus() may centre a block taller than the screen and leave the hooks above it)
  useEffect(() => {
    const result = resultRef.current;
    if (!g.focusResult || !result) return;
    result.focus({ preventScroll: true });
    (result.closest('section') ?? result).scrollIntoView?.({ block: 'start' });
  }, [g.focusResult]);

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
        actions={item.status === 'published' ? null : <SaveStatus state={g.autosave} />}
      />
      <CardBody>
        <div ref={resultRef} tabIndex={-1} className={styles.result}>
          {item.hasPreviousVersion && !g.locked ? (
            // the service swaps the two versions: after an Undo the same call is a Redo, and says so
            <Alert
              tone="info"
              action={
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void g.swapVersions()}
                  loading={g.restoring}
                  disabled={g.busy || g.publishingThis}
                  className={page.alertAction}
                >
                  {version.label}
                </Button>
              }
            >
              {version.text}
            </Alert>
          ) : null}
          {g.restoreError ? <Alert tone="danger">{g.restoreError}</Alert> : null}

          <fieldset className={styles.hooks} disabled={readOnly}>
            <legend className={styles.hooksLegend}>Hooks</legend>
            {item.hooks.map((option, index) => (
              <label key={`${index}-${option}`} className={cx(styles.hook, hook === option && styles.hookChecked)}>
                <input type="radio" name={hookGroup} value={option} checked={hook === option} onChange={() => g.chooseHook(option)} />
                <span className={styles.hookNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <span className={styles.hookText}>{option}</span>
              </label>
            ))}
          </fieldset>

          <Textarea
            label="Post body"
            hint="Edit freely; the hook you choose opens the post. Your changes are saved as you go."
            value={body}
            onChange={(e) => g.editBody(e.target.value)}
            readOnly={readOnly}
            rows={12}
            // nothing pasted is cut: a post over LinkedIn's limit is kept as a draft, and said so here
            error={readOnly ? undefined : (overLimitMessage(g.postText) ?? undefined)}
            inputClassName={styles.bodyInput}
          />

          {g.notice ? (
            <Alert tone={g.notice.tone} onDismiss={() => g.setNotice(null)}>
              {g.notice.text}{' '}
              {g.notice.link ? (
                g.notice.link.external ? (
                  <a href={g.notice.link.href} target="_blank" rel="noreferrer">
                    {g.notice.link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <Link to={g.notice.link.href}>{g.notice.link.label}</Link>
                )
              ) : null}
            </Alert>
          ) : null}

          <div className={styles.actions}>
            {item.status === 'draft' ? (
              <Button variant="secondary" onClick={() => void g.saveNow()} loading={g.saving} disabled={g.busy || g.publishingThis}>
                {g.saving ? 'Saving...' : 'Save as Draft'}
              </Button>
            ) : null}
            <PublishFlow
              item={item}
              hook={hook}
              text={g.postText}
              dirty={g.autosave.dirty}
              save={g.savePending}
              onItemChange={g.itemChanged}
              onNotice={g.setNotice}
              returnTo={draftPath(item.id)}
              publishLabel="Publish to LinkedIn"
              disabled={g.busy}
            />
            {g.locked ? (
              <>
                <Button variant="primary" onClick={g.startOver} icon={<IconEdit size={16} />}>
                  Write another post
                </Button>
                <ButtonLink to={paths.contentManagement} variant="secondary">
                  Go to Content Management
                </ButtonLink>
              </>
            ) : (
              <Button variant="ghost" onClick={g.startOver} icon={<IconPlus size={16} />} className={styles.startOver}>
                Start a new post
              </Button>
            )}
          </div>
        </div>
      </CardBody>
    </Card>
  );
}
