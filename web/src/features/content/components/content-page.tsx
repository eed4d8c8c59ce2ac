import { PageHeader } from '../../../components/layouts/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGenerator } from '../hooks/use-generator';
import { useHookOrder } from '../hooks/use-hook-order';
import { DetailsStep } from './details-step';
import { DraftUnavailable } from './draft-unavailable';
import { FrameworkCard, TipsCard } from './framework-card';
import { PlanBanner } from './plan-banner';
import { PreviewPanel } from './preview-panel';
import { RefineStep } from './refine-step';
import { TypeStep } from './type-step';
import styles from './content-page.module.css';

/**
 * Content creation: type, details, the generated post with 5 hooks, then
 * draft, publish or schedule. Each draft has its own address (`/content?draft=<id>`) and saves
 * itself as it is edited.
 */
export function ContentPage() {
  useDocumentTitle('Generate content');
  const g = useGenerator();
  // asked from the start, so the member's results are known when a post arrives
  const hookOrder = useHookOrder(g.doc?.item ?? null);
  const opening = g.load.status === 'loading' || g.load.status === 'missing' || g.load.status === 'failed';

  return (
    <>
      <PageHeader title="Generate Content" description="Choose a content type, tell us about your topic and get a post with five hooks." />
      <PlanBanner plan={g.plan} betaExpiresAt={g.user.betaExpiresAt} />

      <div className={styles.layout}>
        <div className={styles.mainColumn}>
          <TypeStep value={g.type} onChange={g.chooseType} compact={Boolean(g.type) || opening} />
          {opening ? (
            <DraftUnavailable load={g.load} onRetry={g.retryLoad} onStartOver={g.startOver} />
          ) : g.type ? (
            <>
              <DetailsStep
                type={g.type}
                form={g.form}
                errors={g.errors}
                focusErrors={g.focusErrors}
                readOnly={g.formReadOnly}
                onFieldChange={g.editField}
                folded={Boolean(g.doc) && !g.detailsOpen}
                onUnfold={() => g.setDetailsOpen(true)}
                plan={g.plan}
                item={g.doc?.item ?? null}
                generateLabel={g.generateLabel}
                held={g.busy || g.publishingThis}
                generating={g.generating}
                started={Boolean(g.live?.started)}
                error={g.generationError}
                errorAction={g.generationErrorAction}
                onGenerate={() => void g.generate()}
                onCancel={g.cancelGeneration}
              />
              {g.doc ? (
                <RefineStep
                  doc={g.doc}
                  hookOrder={hookOrder}
                  postText={g.postText}
                  readOnly={g.draftReadOnly}
                  onChooseHook={g.chooseHook}
                  onEditBody={g.editBody}
                  focusResult={g.focusResult}
                  autosave={g.autosave}
                  locked={g.locked}
                  busy={g.busy}
                  held={g.busy || g.publishingThis}
                  versionStep={g.versionStep}
                  restoring={g.restoring}
                  restoreError={g.restoreError}
                  onSwapVersions={() => void g.swapVersions()}
                  notice={g.notice}
                  onNotice={g.setNotice}
                  saving={g.saving}
                  onSave={() => void g.saveNow()}
                  savePending={g.savePending}
                  onItemChange={g.itemChanged}
                  onStartOver={g.startOver}
                />
              ) : null}
            </>
          ) : null}
          <div className={styles.guidance}>
            <FrameworkCard current={g.type} />
            <TipsCard />
          </div>
        </div>

        <PreviewPanel
          user={g.user}
          item={opening ? null : (g.doc?.item ?? null)}
          text={g.postText}
          hook={g.doc?.hook ?? null}
          generating={g.generating}
          live={opening ? null : g.live}
          hasType={Boolean(g.type)}
        />
      </div>
      {g.confirmDialog}
    </>
  );
}
