import { z } from 'zod/mini';

/**
 * The audit's and the checks' states, apart from seo.ts so the website audit's views (seo-audit.ts)
 * do not bring the report's settings schema and messages into their chunk.
 */
export const auditStatusSchema = z.enum(['running', 'stopping', 'finished', 'stopped', 'failed']);

export const propStatusSchema = z.enum(['success', 'notice', 'warning', 'error']);
export type PropStatus = z.infer<typeof propStatusSchema>;
