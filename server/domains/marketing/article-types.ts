/** The article type that marks a workflow item as a VM (virtual / video) workflow. */
export const VM_WORKFLOW_ARTICLE_TYPE = 'virtual-workflow'
