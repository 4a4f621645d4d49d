/** The post page's parts that load after it (load-post-extras.ts). */
export { ApprovalPanel } from './approval-panel';
