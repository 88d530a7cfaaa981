/**
 * Pure code both sides share (no schemas, so the app can import it without the contract's runtime):
 * which content item is a VM (virtual / video) workflow.
 */

/** The ARTICLE_TYPE that marks a workflow item as its video / virtual variant ("VM Workflow"). */
export const VM_WORKFLOW_ARTICLE_TYPE = 'virtual-workflow'

/** A VM workflow: a workflow item whose articleType is 'virtual-workflow'. */
export const isVmWorkflow = (contentType: string, articleType: string) =>
  contentType === 'workflow' && articleType === VM_WORKFLOW_ARTICLE_TYPE
