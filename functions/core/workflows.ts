/**
 * The workflows the product runs. Each name is an ASL file under infra/workflows
 * (`<name>.asl.json`) deployed as a state machine by CDK and run by the embedded engine.
 * A domain of its own, importing nothing: grants name the workflows code may start, and each job
 * kind (jobs/) declares its grants, so neither of those two could hold the names.
 */
export const WORKFLOWS = ['run-job', 'site-audit', 'publish-post'] as const;
export type WorkflowName = (typeof WORKFLOWS)[number];

/** Environment variable holding a deployed state machine's ARN (set by the CDK stack). */
export const workflowArnEnv = (name: WorkflowName) => `WORKFLOW_ARN_${name.toUpperCase().replace(/-/g, '_')}`;
